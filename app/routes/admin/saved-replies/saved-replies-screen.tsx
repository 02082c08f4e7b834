import { getInputProps, getTextareaProps } from "@conform-to/react";
import { ArrowLeft, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { href, Link, useFetcher } from "react-router";
import { StaffPage } from "~/components/staff/staff-page";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { FormDialog } from "~/components/ui/form-dialog";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { NAME_PLACEHOLDER } from "~/lib/chat";
import { SAVED_REPLIES_INTENT, savedReplySchema } from "~/lib/chat-forms";
import { useReplyMessage } from "~/lib/forms";

type Reply = { id: string; title: string; body: string };
const ACTION = href("/admin/chat/respuestas");

/** 'Respuestas guardadas' (admins): the list, add, edit, delete. */
export function SavedRepliesScreen({ replies }: { replies: Reply[] }) {
  const [editing, setEditing] = useState<Reply | "new" | null>(null);
  const [deleting, setDeleting] = useState<Reply | null>(null);
  const deleter = useFetcher();
  useReplyMessage(deleter.data);
  return (
    <StaffPage
      title="Respuestas guardadas"
      description={
        <>
          Textos cortos que el equipo inserta en el chat escribiendo «/» al inicio de la respuesta o con el
          botón de respuestas. Escribe <code className="rounded bg-muted px-1">{NAME_PLACEHOLDER}</code> donde
          va el nombre del cliente.
        </>
      }
      actions={
        <>
          <Button asChild variant="outline">
            <Link to="/admin/chat">
              <ArrowLeft aria-hidden="true" /> Volver al chat
            </Link>
          </Button>
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" /> Agregar respuesta
          </Button>
        </>
      }
    >
      {replies.length === 0 ? (
        <p className="rounded-xl border bg-card p-6 text-center text-muted-foreground">
          Todavía no hay respuestas guardadas.
        </p>
      ) : (
        <ul aria-label="Respuestas guardadas" className="grid gap-3 md:grid-cols-2">
          {replies.map((r) => (
            <li key={r.id} className="flex flex-col gap-2 rounded-xl border bg-card p-4 shadow-xs">
              <div className="flex items-start gap-2">
                <h2 className="min-w-0 flex-1 font-semibold break-words">{r.title}</h2>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Editar ${r.title}`}
                  onClick={() => setEditing(r)}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Eliminar ${r.title}`}
                  onClick={() => setDeleting(r)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              <p className="text-sm whitespace-pre-wrap text-muted-foreground">{r.body}</p>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <SavedReplyDialog
          key={editing === "new" ? "new" : editing.id}
          reply={editing === "new" ? null : editing}
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
              { intent: SAVED_REPLIES_INTENT.delete, id: deleting.id },
              { method: "post", action: ACTION },
            );
        }}
      />
    </StaffPage>
  );
}

function SavedReplyDialog({ reply, onClose }: { reply: Reply | null; onClose: () => void }) {
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={reply ? "Editar respuesta" : "Agregar respuesta"}
      description="El título sirve para encontrarla; el texto es lo que se envía."
      className="sm:max-w-lg"
      action={ACTION}
      intent={SAVED_REPLIES_INTENT.save}
      hidden={reply ? { id: reply.id } : undefined}
      schema={savedReplySchema}
      defaultValue={reply ?? undefined}
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
            hint={<>{NAME_PLACEHOLDER} se reemplaza por el nombre del cliente al insertarla.</>}
          >
            {(hintId) => (
              <Textarea {...getTextareaProps(fields.body, { ariaDescribedBy: hintId })} rows={5} />
            )}
          </Field>
        </>
      )}
    </FormDialog>
  );
}
