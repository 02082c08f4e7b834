import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { ArrowLeft, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { StaffPage } from "~/components/staff/staff-page";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { FormDialog } from "~/components/ui/form-dialog";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { CHAT_URLS, SAVED_REPLY_INTENTS } from "~/lib/chat-api";
import { savedReplySchema } from "~/lib/chat-forms";
import { useReplyMessage } from "~/lib/forms";
import { placeholderText, SAVED_REPLY_PLACEHOLDERS } from "~/lib/saved-reply-text";

type Reply = { id: string; title: string; body: string; mine: boolean };
const ACTION = CHAT_URLS.savedReplies;

/**
 * 'Respuestas guardadas': every staff member's own replies ('Mías') and the team's; admins also
 * add, edit and delete the team's. `back` is the inbox as the person left it ('Volver al chat').
 */
export function SavedRepliesScreen({
  replies,
  canManageTeam,
  back = CHAT_URLS.inbox,
}: {
  replies: Reply[];
  canManageTeam: boolean;
  back?: string;
}) {
  const [editing, setEditing] = useState<Reply | "new" | null>(null);
  const [deleting, setDeleting] = useState<Reply | null>(null);
  const deleter = useFetcher();
  useReplyMessage(deleter.data);
  return (
    <StaffPage
      title="Respuestas guardadas"
      description={
        <>
          Textos cortos que el equipo inserta en el chat escribiendo «/» en la respuesta o con el botón de
          respuestas. Las palabras entre llaves se rellenan solas al insertarlos.
        </>
      }
      actions={
        <>
          <Button asChild variant="outline">
            <Link to={back}>
              <ArrowLeft aria-hidden="true" /> Volver al chat
            </Link>
          </Button>
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" /> Agregar respuesta
          </Button>
        </>
      }
    >
      <Placeholders />
      <ReplyGroup
        title="Mis respuestas"
        empty="Todavía no tienes respuestas tuyas. Agrega las que más escribes."
        replies={replies.filter((r) => r.mine)}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      <ReplyGroup
        title="Del equipo"
        empty={
          canManageTeam
            ? "Todavía no hay respuestas del equipo."
            : "Un administrador puede agregar respuestas para todo el equipo."
        }
        replies={replies.filter((r) => !r.mine)}
        onEdit={canManageTeam ? setEditing : undefined}
        onDelete={canManageTeam ? setDeleting : undefined}
      />
      {editing ? (
        <SavedReplyDialog
          key={editing === "new" ? "new" : editing.id}
          reply={editing === "new" ? null : editing}
          canManageTeam={canManageTeam}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="¿Eliminar esta respuesta?"
        description={deleting ? `«${deleting.title}» dejará de aparecer en el chat.` : ""}
        onConfirm={() => {
          if (deleting)
            deleter.submit(
              { intent: SAVED_REPLY_INTENTS.delete, id: deleting.id },
              { method: "post", action: ACTION },
            );
        }}
      />
    </StaffPage>
  );
}

/** The placeholders a reply may hold, in plain words, so the starter texts make sense when edited. */
function Placeholders() {
  return (
    <section aria-labelledby="placeholders-title" className="rounded-xl border bg-card p-4 shadow-xs">
      <h2 id="placeholders-title" className="font-heading text-lg font-semibold">
        Palabras que se rellenan solas
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Escríbelas tal cual, con sus llaves. Al insertar la respuesta en el chat se cambian por:
      </p>
      <ul className="mt-3 grid gap-2 text-sm md:grid-cols-2">
        {SAVED_REPLY_PLACEHOLDERS.map((p) => (
          <li key={p.key}>
            <code className="rounded bg-muted px-1 font-semibold">{placeholderText(p.key)}</code>: {p.help}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-muted-foreground">
        Los precios y las cajas salen de Precios; el horario, de la pestaña Textos del Panel y de las fechas
        especiales de Avisos. Cuando los cambias, las respuestas usan los datos nuevos.
      </p>
    </section>
  );
}

/** One group of replies, each with its edit and delete buttons when the person may change it. */
function ReplyGroup(p: {
  title: string;
  empty: string;
  replies: Reply[];
  onEdit?: (r: Reply) => void;
  onDelete?: (r: Reply) => void;
}) {
  return (
    <section aria-label={p.title} className="space-y-3">
      <h2 className="font-heading text-lg font-semibold">{p.title}</h2>
      {p.replies.length === 0 ? (
        <p className="rounded-xl border bg-card p-6 text-center text-muted-foreground">{p.empty}</p>
      ) : (
        <ul aria-label={p.title} className="grid gap-3 md:grid-cols-2">
          {p.replies.map((r) => (
            <li key={r.id} className="flex flex-col gap-2 rounded-xl border bg-card p-4 shadow-xs">
              <div className="flex items-start gap-2">
                <h3 className="min-w-0 flex-1 font-semibold break-words">{r.title}</h3>
                {p.onEdit ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Editar ${r.title}`}
                    onClick={() => p.onEdit?.(r)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                ) : null}
                {p.onDelete ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Eliminar ${r.title}`}
                    onClick={() => p.onDelete?.(r)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
              <p className="text-sm whitespace-pre-wrap text-muted-foreground">{r.body}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedReplyDialog({
  reply,
  canManageTeam,
  onClose,
}: {
  reply: Reply | null;
  canManageTeam: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={reply ? "Editar respuesta" : "Agregar respuesta"}
      description="El título sirve para encontrarla; el texto es lo que se envía."
      className="sm:max-w-lg"
      action={ACTION}
      intent={SAVED_REPLY_INTENTS.save}
      hidden={{ ...(reply ? { id: reply.id } : {}), ...(canManageTeam ? {} : { scope: "mine" }) }}
      schema={savedReplySchema}
      defaultValue={reply ? { ...reply, scope: reply.mine ? "mine" : "team" } : { scope: "mine" }}
      submitLabel="Guardar"
    >
      {(fields) => (
        <>
          <Field field={fields.title} label="Título">
            <Input {...getInputProps(fields.title, { type: "text" })} autoComplete="off" />
          </Field>
          <Field
            field={fields.body}
            label="Texto"
            hint={`Puedes usar ${SAVED_REPLY_PLACEHOLDERS.map((p) => placeholderText(p.key)).join(", ")}: se rellenan al insertarla.`}
          >
            {(hintId) => (
              <Textarea {...getTextareaProps(fields.body, { ariaDescribedBy: hintId })} rows={5} />
            )}
          </Field>
          {canManageTeam ? (
            <Field field={fields.scope} label="Para">
              <NativeSelect {...getSelectProps(fields.scope)}>
                <option value="mine">Solo para mí</option>
                <option value="team">Todo el equipo</option>
              </NativeSelect>
            </Field>
          ) : null}
        </>
      )}
    </FormDialog>
  );
}
