import { getFormProps, getInputProps } from "@conform-to/react";
import { CheckCircle2, ChevronDown, Pencil, RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { href, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { displayName } from "~/lib/chat";
import { CHAT_INTENT, renameSchema } from "~/lib/chat-forms";
import { useReplyMessage, useZodForm } from "~/lib/forms";
import type { ChatActionData, Conversation } from "./types";

export const DELETE_FETCHER = "chat-delete";

/** 'Gestionar' (docs/product.md §3.3): resolve/open, rename, delete (only when resolved). */
export function ManageMenu({ conv, canManage }: { conv: Conversation; canManage: boolean }) {
  const fetcher = useFetcher<ChatActionData>();
  // The deleted conversation's view unmounts: the inbox (same fetcher key) shows the outcome.
  const deleter = useFetcher<ChatActionData>({ key: DELETE_FETCHER });
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  useReplyMessage(fetcher.data, (reply) => {
    if (reply.intent === CHAT_INTENT.rename) setRenaming(false);
  });
  const post = (fields: Record<string, string>) =>
    fetcher.submit({ ...fields, clientId: conv.clientId }, { method: "post", action: href("/admin/chat") });
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
            onSelect={() => post({ intent: CHAT_INTENT.status, status: resolved ? "open" : "resolved" })}
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

      <Dialog open={renaming} onOpenChange={setRenaming}>
        <DialogContent>
          {renaming ? <RenameForm conv={conv} fetcher={fetcher} onCancel={() => setRenaming(false)} /> : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="¿Eliminar conversación?"
        description={`Esta acción es irreversible y borrará todo el historial de chat con "${displayName(conv)}".`}
        onConfirm={() =>
          deleter.submit(
            { intent: CHAT_INTENT.delete, clientId: conv.clientId },
            { method: "post", action: href("/admin/chat") },
          )
        }
      />
    </>
  );
}

/** Rename: an empty name shows the client id again. Mounted each time the dialog opens. */
function RenameForm({
  conv,
  fetcher,
  onCancel,
}: {
  conv: Conversation;
  fetcher: ReturnType<typeof useFetcher<ChatActionData>>;
  onCancel: () => void;
}) {
  const [form, fields] = useZodForm(renameSchema, {
    id: `rename-${conv.clientId}`,
    lastResult: fetcher.data?.intent === CHAT_INTENT.rename ? fetcher.data.result : undefined,
    defaultValue: { name: conv.customName ?? "" },
  });
  return (
    <fetcher.Form method="post" action={href("/admin/chat")} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={CHAT_INTENT.rename} />
      <input type="hidden" name="clientId" value={conv.clientId} />
      <DialogHeader>
        <DialogTitle>Renombrar conversación</DialogTitle>
        <DialogDescription>Déjalo vacío para mostrar el identificador del cliente.</DialogDescription>
      </DialogHeader>
      <div className="space-y-2">
        <Label htmlFor={fields.name.id}>Nombre del cliente</Label>
        <Input {...getInputProps(fields.name, { type: "text" })} maxLength={80} placeholder={conv.clientId} />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Guardar
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
