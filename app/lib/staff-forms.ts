import { z } from "zod";
import { passwordSchema } from "./passwords";
import { STAFF_ROLES } from "./permissions";

/**
 * The staff management forms of /admin/users and the frame's 'Cambiar contraseña'
 * (docs/product.md §3.7), shared by the forms and the actions.
 */

const userId = z.uuid({ error: "Usuario no encontrado." });
const role = z.enum(STAFF_ROLES, { error: "Elige un rol: Administrador u Operador." });
/** An optional password: empty means 'generate one and show it once'. */
const optionalPassword = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(passwordSchema.optional());

export const addStaffSchema = z.object({
  name: z
    .string({ error: "El nombre es obligatorio." })
    .trim()
    .min(1, "El nombre es obligatorio.")
    .max(100, "El nombre es demasiado largo."),
  email: z
    .string({ error: "El correo es obligatorio." })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Correo inválido. Escríbelo completo, p. ej. ana@tutienda.com." }).max(200)),
  role,
  password: optionalPassword,
});
export type AddStaffInput = z.output<typeof addStaffSchema>;

export const roleChangeSchema = z.object({ userId, role });
export const userIdSchema = z.object({ userId });
export const resetPasswordSchema = z.object({ userId, password: optionalPassword });

export const ownPasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Escribe tu contraseña actual." })
      .min(1, "Escribe tu contraseña actual."),
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: "Repite la nueva contraseña." }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Las contraseñas no coinciden.",
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ["newPassword"],
    message: "La nueva contraseña debe ser distinta de la actual.",
  });

/** The intents of /admin/users (app/routes/admin/users/intents.ts), posted by its forms and menus. */
export const USERS_INTENT = {
  add: "staff-add",
  role: "staff-role",
  deactivate: "staff-deactivate",
  reactivate: "staff-reactivate",
  resetPassword: "staff-reset-password",
  endSessions: "staff-end-sessions",
} as const;

/** The intent of /admin/account: one's own password, from the staff frame. */
export const ACCOUNT_INTENT = { ownPassword: "own-password" } as const;
