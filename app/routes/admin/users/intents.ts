import type { Actor } from "~/.server/audit/audit";
import type { Deps } from "~/.server/deps";
import type { DomainError } from "~/.server/errors";
import { type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import type { Mailer } from "~/.server/mail/mailer";
import {
  type AddedStaff,
  addStaffMember,
  changeStaffRole,
  endStaffSessions,
  resetStaffMemberPassword,
  setStaffActive,
} from "~/.server/staff/staff-admin";
import { sendPasswordResetLink } from "~/.server/staff/staff-links";
import { PASSWORD_LINK_HOURS } from "~/lib/password-links";
import { roleLabel } from "~/lib/permissions";
import {
  addStaffSchema,
  resetPasswordSchema,
  roleChangeSchema,
  USERS_INTENT,
  userIdSchema,
} from "~/lib/staff-forms";
import { errorToast, type ToastMessage } from "~/lib/toast";

const intent = staffIntentsWith<ToastMessage>();

/** The refusals of staff management, in Spanish (docs/product.md §3.7). */
function refusal(what: string) {
  return (error: DomainError | null): ToastMessage => {
    if (error?.reason === "last-admin") {
      return errorToast("Debe quedar al menos un administrador activo.", "Acción no permitida");
    }
    if (error?.reason === "staff-email") return errorToast("Ya existe un usuario con ese correo.");
    if (error?.reason === "staff-inactive") {
      return errorToast(`${what}: la cuenta está desactivada. Reactívala primero.`);
    }
    if (error?.kind === "not_found") return errorToast(`${what}: el usuario ya no existe.`);
    if (error?.kind === "invalid") return errorToast(`${what}: revisa los campos marcados.`);
    return errorToast(`${what}: la base de datos no respondió.`);
  };
}

const done = (description: string): ToastMessage => ({ title: "Éxito", description });

/** What 'Agregar usuario' says: the invitation sent, or the account ready (and the invitation in 'Correo'). */
function added(r: AddedStaff): ToastMessage {
  if (r.invitation?.sent) {
    return {
      title: "Invitación enviada",
      description: `Invitación enviada a ${r.email}: elegirá su contraseña con el enlace (vale ${PASSWORD_LINK_HOURS.invitation} horas).`,
    };
  }
  if (r.invitation) {
    return {
      title: "Usuario Creado",
      description: `${r.email} ya puede iniciar sesión. Sin servidor de correo, la invitación quedó en Correo para reenviarla.`,
    };
  }
  return { title: "Usuario Creado", description: `${r.email} ya puede iniciar sesión.` };
}

/**
 * /admin/users' intents, each with the permission it needs ('users:manage': admins). `mail`: with
 * mail that leaves, a new account gets an invitation instead of a password and 'Restablecer
 * contraseña' sends a link; without, the generated password stays (issue 40).
 */
export function staffIntents(
  deps: Deps & { actor: Actor; mail: Pick<Mailer, "sending" | "kick"> },
): StaffIntentTable<ToastMessage> {
  const { mail } = deps;
  const invitedBy = deps.actor?.name ?? null;
  return {
    [USERS_INTENT.add]: intent({
      permission: "users:manage",
      schema: addStaffSchema,
      hideFields: ["password"],
      resetForm: true,
      run: async (v) => {
        const r = await addStaffMember(deps, v, { invite: { invitedBy, mailSending: mail.sending } });
        if (r.invitation) mail.kick();
        return r;
      },
      done: added,
      // A generated password is shown once to copy; one the admin typed is not echoed.
      extra: (r) => ({
        email: r.email,
        password: r.generated ? r.password : null,
        invitation: r.invitation ? (r.invitation.sent ? "sent" : "outbox") : null,
      }),
      failed: refusal("No se pudo agregar el usuario"),
      fieldError: (e) =>
        e.reason === "staff-email" ? { email: ["Ya existe un usuario con ese correo."] } : undefined,
    }),
    [USERS_INTENT.role]: intent({
      permission: "users:manage",
      schema: roleChangeSchema,
      run: ({ userId, role }) => changeStaffRole(deps, userId, role),
      done: (_, v) => done(`Rol cambiado a ${roleLabel(v.role)}.`),
      failed: refusal("No se pudo cambiar el rol"),
    }),
    [USERS_INTENT.deactivate]: intent({
      permission: "users:manage",
      schema: userIdSchema,
      run: ({ userId }) => setStaffActive(deps, userId, false),
      done: () => done("Usuario desactivado: sus sesiones se cerraron."),
      failed: refusal("No se pudo desactivar el usuario"),
    }),
    [USERS_INTENT.reactivate]: intent({
      permission: "users:manage",
      schema: userIdSchema,
      run: ({ userId }) => setStaffActive(deps, userId, true),
      done: () => done("Usuario reactivado."),
      failed: refusal("No se pudo reactivar el usuario"),
    }),
    [USERS_INTENT.resetPassword]: intent({
      permission: "users:manage",
      schema: resetPasswordSchema,
      hideFields: ["password"],
      resetForm: true,
      run: async ({ userId, password }) => {
        // With mail that leaves and no password typed, the person chooses theirs through a link.
        if (mail.sending && !password) {
          const sent = await sendPasswordResetLink(deps, userId);
          mail.kick();
          return { linkSentTo: sent.email, password: "", generated: false };
        }
        return { linkSentTo: null, ...(await resetStaffMemberPassword(deps, userId, password)) };
      },
      done: (r) =>
        r.linkSentTo
          ? {
              title: "Enlace enviado",
              description: `Enlace enviado a ${r.linkSentTo} para elegir una contraseña nueva (vale ${PASSWORD_LINK_HOURS.reset} horas).`,
            }
          : done("Contraseña restablecida: sus sesiones se cerraron."),
      extra: (r) => ({ password: r.generated ? r.password : null }),
      failed: refusal("No se pudo restablecer la contraseña"),
    }),
    [USERS_INTENT.endSessions]: intent({
      permission: "users:manage",
      schema: userIdSchema,
      run: ({ userId }) => endStaffSessions(deps, userId),
      done: (n) => done(n === 1 ? "Se cerró 1 sesión." : `Se cerraron ${n} sesiones.`),
      failed: refusal("No se pudieron cerrar las sesiones"),
    }),
  };
}
