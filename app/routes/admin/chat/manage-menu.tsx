import { getInputProps } from "@conform-to/react";
import { CheckCircle2, ChevronDown, Pencil, RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Field } from "~/components/ui/field";
import { FormDialog } from "~/components/ui/form-dialog";
import { Input } from "~/components/ui/input";
import { displayName } from "~/lib/chat";
import { CHAT_URLS, INBOX_INTENTS } from "~/lib/chat-api";
import { renameSchema } from "~/lib/chat-forms";
import { useReplyMessage } from "~/lib/forms";
import type { ChatActionData, Conversation } from "./types";

export const DELETE_FETCHER = "chat-delete";

/** 'Gestionar' (docs/product.md §3.3): resolve/open, rename, delete (only when resolved). */
export function ManageMenu({ conv, canManage }: { conv: Conversation; canManage: boolean }) {
  const fetcher = useFetcher<ChatActionData>();
  // The deleted conversation's view unmounts: the inbox (same fetcher key) shows the outcome.
  const deleter = useFetcher<ChatActionData>({ key: DELETE_FETCHER });
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  useReplyMessage(fetcher.data);
  const post = (fields: Record<string, string>) =>
    fetcher.submit({ ...fields, clientId: conv.clientId }, { method: "post", action: CHAT_URLS.inbox });
  const resolved = conv.status === "resolved";

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" disabled={!canManage || fetcher.state !== "idle"}>
            Gestionar <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            onSelect={() => post({ intent: INBOX_INTENTS.status, status: resolved ? "open" : "resolved" })}
          >
            {resolved ? <RotateCcw aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
            {resolved ? "Marcar como abierta" : "Marcar como resuelta"}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setRenaming(true)}>
            <Pencil aria-hidden="true" /> Renombrar
          </DropdownMenuItem>
          {resolved ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem className="text-destructive" onSelect={() => setDeleting(true)}>
                <Trash2 aria-hidden="true" /> Eliminar
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>

      <RenameDialog conv={conv} open={renaming} onOpenChange={setRenaming} />

      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="¿Eliminar conversación?"
        description={`Esta acción es irreversible y borrará todo el historial de chat con "${displayName(conv)}".`}
        onConfirm={() =>
          deleter.submit(
            { intent: INBOX_INTENTS.delete, clientId: conv.clientId },
            { method: "post", action: CHAT_URLS.inbox },
          )
        }
      />
    </>
  );
}

/** Rename: an empty name shows the contact's name or 'Visitante N' again. */
function RenameDialog({
  conv,
  open,
  onOpenChange,
}: {
  conv: Conversation;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const fallback = displayName({ ...conv, customName: null });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Renombrar conversación"
      description={`Déjalo vacío para mostrar «${fallback}».`}
      action={CHAT_URLS.inbox}
      intent={INBOX_INTENTS.rename}
      id={`rename-${conv.clientId}`}
      hidden={{ clientId: conv.clientId }}
      schema={renameSchema}
      defaultValue={{ name: conv.customName ?? "" }}
      submitLabel="Guardar"
    >
      {(fields) => (
        <Field field={fields.name} label="Nombre del cliente">
          <Input {...getInputProps(fields.name, { type: "text" })} maxLength={80} placeholder={fallback} />
        </Field>
      )}
    </FormDialog>
  );
}
