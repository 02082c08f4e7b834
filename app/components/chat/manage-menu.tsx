import { CheckCircle2, ChevronDown, Pencil, RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
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
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { displayName } from "~/lib/chat";
import { useActionToast } from "~/lib/use-action-toast";
import type { InboxActionResult } from "~/server/chat/inbox";
import type { ConversationSummary } from "~/server/chat/staff";

export const DELETE_FETCHER = "chat-delete";

/** 'Gestionar' (SPEC §2.13): resolve/open, rename, delete (only when resolved). */
export function ManageMenu({ conv, canManage }: { conv: ConversationSummary; canManage: boolean }) {
  const fetcher = useFetcher<InboxActionResult>();
  // The deleted conversation's view unmounts: the inbox (same fetcher key) shows the outcome.
  const deleter = useFetcher<InboxActionResult>({ key: DELETE_FETCHER });
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [name, setName] = useState("");
  useActionToast(fetcher.data, () => {
    if (fetcher.data?.intent === "rename") setRenaming(false);
  });
  const post = (fields: Record<string, string>) =>
    fetcher.submit({ ...fields, clientId: conv.clientId }, { method: "post", action: "/admin/chat" });
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
            onSelect={() => post({ intent: "status", status: resolved ? "open" : "resolved" })}
          >
            {resolved ? <RotateCcw aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
            {resolved ? "Marcar como abierta" : "Marcar como resuelta"}
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => {
              setName(conv.customName ?? "");
              setRenaming(true);
            }}
          >
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
          <form
            onSubmit={(e) => {
              e.preventDefault();
              post({ intent: "rename", name });
            }}
            className="space-y-4"
          >
            <DialogHeader>
              <DialogTitle>Renombrar conversación</DialogTitle>
              <DialogDescription>Déjalo vacío para mostrar el identificador del cliente.</DialogDescription>
            </DialogHeader>
            <div className="space-y-2">
              <Label htmlFor="chat-rename">Nombre del cliente</Label>
              <Input
                id="chat-rename"
                value={name}
                maxLength={80}
                onChange={(e) => setName(e.target.value)}
                placeholder={conv.clientId}
              />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setRenaming(false)}>
                Cancelar
              </Button>
              <Button type="submit" disabled={fetcher.state !== "idle"}>
                Guardar
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <AlertDialog open={deleting} onOpenChange={setDeleting}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>¿Eliminar conversación?</AlertDialogTitle>
            <AlertDialogDescription>
              Esta acción es irreversible y borrará todo el historial de chat con "{displayName(conv)}".
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() =>
                deleter.submit(
                  { intent: "delete", clientId: conv.clientId },
                  { method: "post", action: "/admin/chat" },
                )
              }
            >
              Eliminar
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
