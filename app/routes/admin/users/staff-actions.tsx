import { getFormProps, getInputProps } from "@conform-to/react";
import { KeyRound, LogOut, MoreVertical, ShieldCheck, UserCheck, UserX } from "lucide-react";
import { useState } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { FieldError, FieldHint } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useReplyMessage, useZodForm } from "~/lib/forms";
import { MIN_PASSWORD_LENGTH } from "~/lib/passwords";
import { resetPasswordSchema } from "~/lib/staff-forms";
import type { StaffRow, UsersActionData } from "./types";

type Confirm = "deactivate" | "end-sessions" | "role" | null;

export type StaffActionsProps = {
  user: StaffRow;
  isMe: boolean;
  fetcher: FetcherWithComponents<unknown>;
  onPasswordShown: (shown: { email: string; password: string }) => void;
};

/** One account's menu on /admin/users: role, password, sessions, deactivation (docs/product.md §3.7). */
export function StaffActions({ user, isMe, fetcher, onPasswordShown }: StaffActionsProps) {
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [resetting, setResetting] = useState(false);
  const post = (intent: string, extra: Record<string, string> = {}) =>
    fetcher.submit({ intent, userId: user.id, ...extra }, { method: "post", action: "/admin/users" });
  const otherRole = user.role === "admin" ? "operador" : "admin";
  const busy = fetcher.state !== "idle";
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" disabled={busy} aria-label={`Acciones para ${user.name}`}>
            <MoreVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>{user.email}</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => setConfirm("role")}>
            <ShieldCheck aria-hidden="true" />
            Cambiar rol a {otherRole}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setResetting(true)}>
            <KeyRound aria-hidden="true" />
            Restablecer contraseña
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setConfirm("end-sessions")}>
            <LogOut aria-hidden="true" />
            Cerrar sesiones
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {user.deactivatedAt ? (
            <DropdownMenuItem onSelect={() => post("staff-reactivate")}>
              <UserCheck aria-hidden="true" />
              Reactivar
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => setConfirm("deactivate")} className="text-destructive">
              <UserX aria-hidden="true" />
              Desactivar
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>

      <ConfirmDialog
        open={confirm === "role"}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={`¿Cambiar el rol de ${user.name} a ${otherRole}?`}
        description={
          otherRole === "admin"
            ? "Podrá cambiar productos, contenido y usuarios."
            : "Solo podrá atender mensajes y pedidos."
        }
        confirmLabel="Cambiar rol"
        onConfirm={() => post("staff-role", { role: otherRole })}
      />
      <ConfirmDialog
        open={confirm === "end-sessions"}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={`¿Cerrar las sesiones de ${user.name}?`}
        description={
          isMe
            ? "Se cerrarán todas tus sesiones, también esta: tendrás que volver a entrar."
            : "Tendrá que volver a iniciar sesión en todos sus dispositivos."
        }
        confirmLabel="Cerrar sesiones"
        onConfirm={() => post("staff-end-sessions")}
      />
      <ConfirmDialog
        open={confirm === "deactivate"}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={`¿Desactivar a ${user.name}?`}
        description="No podrá iniciar sesión y sus sesiones abiertas se cierran al instante. Puedes reactivarla cuando quieras."
        confirmLabel="Desactivar"
        onConfirm={() => post("staff-deactivate")}
      />
      <ResetPasswordDialog
        user={user}
        open={resetting}
        onOpenChange={setResetting}
        onPasswordShown={onPasswordShown}
      />
    </>
  );
}

function ResetPasswordDialog({
  user,
  open,
  onOpenChange,
  onPasswordShown,
}: {
  user: StaffRow;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPasswordShown: StaffActionsProps["onPasswordShown"];
}) {
  const fetcher = useFetcher<UsersActionData>();
  const busy = fetcher.state !== "idle";
  useReplyMessage(fetcher.data, (reply) => {
    onOpenChange(false);
    const password = (reply.extra as { password?: string | null } | undefined)?.password;
    if (password) onPasswordShown({ email: user.email, password });
  });
  const [form, fields] = useZodForm(resetPasswordSchema, {
    id: `staff-reset-${user.id}`,
    lastResult: fetcher.data?.result,
    onValidSubmit: (event, formData) => {
      event.preventDefault();
      if (!busy) void fetcher.submit(formData, { method: "post", action: "/admin/users" });
    },
  });
  const hintId = `${fields.password.id}-hint`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Restablecer contraseña</DialogTitle>
          <DialogDescription>
            {user.name} ({user.email}) tendrá que entrar con la nueva; sus sesiones se cierran.
          </DialogDescription>
        </DialogHeader>
        <form {...getFormProps(form)} method="post" action="/admin/users" className="grid gap-4">
          <input type="hidden" name="intent" value="staff-reset-password" />
          <input type="hidden" name="userId" value={user.id} />
          <fieldset disabled={busy} className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={fields.password.id}>Nueva contraseña (opcional)</Label>
              <Input
                {...getInputProps(fields.password, { type: "password", ariaDescribedBy: hintId })}
                autoComplete="new-password"
              />
              <FieldHint id={hintId}>
                Déjala vacía para generar una segura que verás una sola vez. Si la escribes: al menos{" "}
                {MIN_PASSWORD_LENGTH} caracteres.
              </FieldHint>
              <FieldError id={fields.password.errorId} errors={fields.password.errors} />
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancelar
              </Button>
              <Button type="submit">Restablecer</Button>
            </div>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
