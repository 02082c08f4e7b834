import { z } from "zod";
import { EMAIL_MAX } from "./mail";
import { passwordSchema } from "./passwords";

/**
 * Links that let a staff member choose a password (issue 40): the invitation a new account gets
 * and the reset link of '¿Olvidaste tu contraseña?' or of an admin's 'Restablecer contraseña'.
 * The forms of /admin/clave/:token and /admin/recuperar and their words, shared by the pages and
 * their actions. Browser-safe.
 */

/**
 * How long a link works. An invitation waits for someone who may not read their mail the same
 * day (48 h, as the issue asks); a reset link is asked for by someone at the sign-in page right
 * now, so it only has to outlive a slow mailbox, and a short life keeps a link lying in an old
 * mailbox from opening the account later.
 */
export const PASSWORD_LINK_HOURS = { invitation: 48, reset: 2 } as const;

/** 'Nueva contraseña' and 'Repite la contraseña' on /admin/clave/:token: the staff password rule. */
export const setPasswordSchema = z
  .object({
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: "Repite la contraseña." }).min(1, "Repite la contraseña."),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Las contraseñas no coinciden.",
  });

/** '¿Olvidaste tu contraseña?' on /admin/recuperar: the account's e-mail. */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: "Escribe tu correo electrónico." })
    .trim()
    .toLowerCase()
    .min(1, "Escribe tu correo electrónico.")
    .pipe(z.email({ error: "Correo inválido. Escríbelo completo, p. ej. ana@tutienda.com." }).max(EMAIL_MAX)),
});

/** The one answer of /admin/recuperar, whether or not the address has an account (it never says). */
export const RESET_REQUESTED =
  "Si hay una cuenta con ese correo, te enviamos un enlace para restablecer la contraseña.";

/** Why a link does not open the form, as its page says it. */
export type PasswordLinkProblem = "unknown" | "used" | "expired";

export const PASSWORD_LINK_PROBLEMS: Record<PasswordLinkProblem, { title: string; description: string }> = {
  unknown: {
    title: "Este enlace no es válido",
    description: "Revisa que lo copiaste completo, o pide uno nuevo.",
  },
  used: {
    title: "Este enlace ya se usó",
    description:
      "Cada enlace sirve una sola vez. Entra con la contraseña que elegiste, o pide un enlace nuevo.",
  },
  expired: {
    title: "Este enlace ya no sirve",
    description: "Venció, o se pidió uno más nuevo para la misma cuenta. Pide un enlace nuevo.",
  },
};

/** The intents of the two pages (each has one; the action adds it, so the forms need no hidden field). */
export const PASSWORD_LINK_INTENT = { set: "set-password", request: "request-reset" } as const;
