import { z } from "zod";

/** The staff sign-in form (docs/product.md §3.1): e-mail and password both required. */

export const LOGIN_INCOMPLETE_TITLE = "Campos incompletos";
export const LOGIN_INCOMPLETE = "Por favor, ingresa tu correo y contraseña.";

export const loginSchema = z.object({
  email: z
    .string({ error: "Ingresa tu correo electrónico." })
    .trim()
    .toLowerCase()
    .min(1, "Ingresa tu correo electrónico.")
    .max(320, "El correo es demasiado largo."),
  password: z
    .string({ error: "Ingresa tu contraseña." })
    .min(1, "Ingresa tu contraseña.")
    .max(1024, "La contraseña es demasiado larga."),
  /** Where to go back to after signing in (checked by the server). */
  redirectTo: z.string().max(2000).optional(),
});
