import { CheckCircle2, ChevronDown, Pencil, RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher, useNavigate } from "react-router";
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

/** 'Gestionar' (SPEC §2.13): resolve/open, rename, delete (only when resolved). */
export function ManageMenu({ conv, canManage }: { conv: ConversationSummary; canManage: boolean }) {
  const fetcher = useFetcher<InboxActionResult>();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [name, setName] = useState("");
  useActionToast(fetcher.data, () => {
    if (fetcher.data?.intent === "rename") setRenaming(false);
    if (fetcher.data?.intent === "delete") navigate("/admin/chat", { replace: true });
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
            <AlertDialogAction variant="destructive" onClick={() => post({ intent: "delete" })}>
              Eliminar
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
