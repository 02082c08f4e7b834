import { KeyRound, LogOut, MoreVertical, ShieldCheck, UserCheck, UserX } from "lucide-react";
import { useState } from "react";
import { type FetcherWithComponents, href } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { FormDialog } from "~/components/ui/form-dialog";
import { PASSWORD_LINK_HOURS } from "~/lib/password-links";
import { roleLabel } from "~/lib/permissions";
import { resetPasswordSchema, USERS_INTENT } from "~/lib/staff-forms";
import { generatedPassword, OptionalPasswordField, type ShownPassword } from "./one-time-password";
import type { StaffRow } from "./types";

type Confirm = "deactivate" | "end-sessions" | "role" | null;

export type StaffActionsProps = {
  user: StaffRow;
  isMe: boolean;
  fetcher: FetcherWithComponents<unknown>;
  onPasswordShown: (shown: ShownPassword) => void;
  /** Mail leaves (SMTP_URL): 'Restablecer contraseña' sends a link unless a password is typed. */
  mailSending: boolean;
};

/** One account's menu on /admin/users: role, password, sessions, deactivation (docs/product.md §3.7). */
export function StaffActions({ user, isMe, fetcher, onPasswordShown, mailSending }: StaffActionsProps) {
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [resetting, setResetting] = useState(false);
  const post = (intent: string, extra: Record<string, string> = {}) =>
    fetcher.submit({ intent, userId: user.id, ...extra }, { method: "post", action: href("/admin/users") });
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
            Cambiar rol a {roleLabel(otherRole)}
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
            <DropdownMenuItem onSelect={() => post(USERS_INTENT.reactivate)}>
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
        title={`¿Cambiar el rol de ${user.name} a ${roleLabel(otherRole)}?`}
        description={
          otherRole === "admin"
            ? "Podrá cambiar productos, contenido y usuarios."
            : "Solo podrá atender mensajes y pedidos."
        }
        confirmLabel="Cambiar rol"
        onConfirm={() => post(USERS_INTENT.role, { role: otherRole })}
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
        onConfirm={() => post(USERS_INTENT.endSessions)}
      />
      <ConfirmDialog
        open={confirm === "deactivate"}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={`¿Desactivar a ${user.name}?`}
        description="No podrá iniciar sesión y sus sesiones abiertas se cierran al instante. Puedes reactivarla cuando quieras."
        confirmLabel="Desactivar"
        onConfirm={() => post(USERS_INTENT.deactivate)}
      />
      <ResetPasswordDialog
        user={user}
        open={resetting}
        onOpenChange={setResetting}
        onPasswordShown={onPasswordShown}
        mailSending={mailSending}
      />
    </>
  );
}

function ResetPasswordDialog({
  user,
  open,
  onOpenChange,
  onPasswordShown,
  mailSending,
}: {
  user: StaffRow;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPasswordShown: StaffActionsProps["onPasswordShown"];
  mailSending: boolean;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Restablecer contraseña"
      description={
        mailSending
          ? `${user.name} (${user.email}) recibirá un enlace para elegir una contraseña nueva; la actual sirve hasta que la cambie. Si escribes una aquí, se cambia ya y sus sesiones se cierran.`
          : `${user.name} (${user.email}) tendrá que entrar con la nueva; sus sesiones se cierran.`
      }
      className="sm:max-w-md"
      action={href("/admin/users")}
      intent={USERS_INTENT.resetPassword}
      hidden={{ userId: user.id }}
      id={`staff-reset-${user.id}`}
      schema={resetPasswordSchema}
      submitLabel="Restablecer"
      onSuccess={(reply) => {
        const shown = generatedPassword(reply, user.email);
        if (shown) onPasswordShown(shown);
      }}
    >
      {(fields) => (
        <OptionalPasswordField
          field={fields.password}
          label="Nueva contraseña (opcional)"
          emptyMeans={
            mailSending
              ? `Déjala vacía para enviarle el enlace por correo (vale ${PASSWORD_LINK_HOURS.reset} horas).`
              : undefined
          }
        />
      )}
    </FormDialog>
  );
}
