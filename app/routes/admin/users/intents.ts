import type { Actor } from "~/.server/audit/audit";
import type { Deps } from "~/.server/deps";
import type { DomainError } from "~/.server/errors";
import { type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import {
  addStaffMember,
  changeStaffRole,
  endStaffSessions,
  resetStaffMemberPassword,
  setStaffActive,
} from "~/.server/staff/staff-admin";
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
    if (error?.kind === "not_found") return errorToast(`${what}: el usuario ya no existe.`);
    if (error?.kind === "invalid") return errorToast(`${what}: revisa los campos marcados.`);
    return errorToast(`${what}: la base de datos no respondió.`);
  };
}

const done = (description: string): ToastMessage => ({ title: "Éxito", description });

/** /admin/users' intents, each with the permission it needs ('users:manage': admins). */
export function staffIntents(deps: Deps & { actor: Actor }): StaffIntentTable<ToastMessage> {
  return {
    [USERS_INTENT.add]: intent({
      permission: "users:manage",
      schema: addStaffSchema,
      hideFields: ["password"],
      resetForm: true,
      run: (v) => addStaffMember(deps, v),
      done: (r) => ({ title: "Usuario Creado", description: `${r.email} ya puede iniciar sesión.` }),
      // A generated password is shown once to copy; one the admin typed is not echoed.
      extra: (r) => ({ email: r.email, password: r.generated ? r.password : null }),
      failed: refusal("No se pudo agregar el usuario"),
      fieldError: (e) =>
        e.reason === "staff-email" ? { email: ["Ya existe un usuario con ese correo."] } : undefined,
    }),
    [USERS_INTENT.role]: intent({
      permission: "users:manage",
      schema: roleChangeSchema,
      run: ({ userId, role }) => changeStaffRole(deps, userId, role),
      done: (_, v) => done(`Rol cambiado a ${v.role}.`),
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
      run: ({ userId, password }) => resetStaffMemberPassword(deps, userId, password),
      done: () => done("Contraseña restablecida: sus sesiones se cerraron."),
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
