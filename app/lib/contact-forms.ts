import { z } from "zod";
import { CONTACT_EMAIL_INVALID } from "./contact-fields";

/**
 * The contact form as the /contact action reads it (docs/product.md §2.8): the message also goes
 * into the staff inbox. The page validates in the browser without zod
 * (app/routes/contact/contact-form.tsx) with the same rules and messages (./contact-fields.ts):
 * names, a valid e-mail and the message required; the phone optional.
 */

const required = (max: number) =>
  z
    .string({ error: "Este campo es obligatorio." })
    .trim()
    .min(1, "Este campo es obligatorio.")
    .max(max, `Máximo ${max} caracteres.`);

export const contactFormSchema = z.object({
  firstName: required(100),
  lastName: required(100),
  email: z
    .string({ error: "Este campo es obligatorio." })
    .trim()
    .min(1, "Este campo es obligatorio.")
    .max(200, "Máximo 200 caracteres.")
    .pipe(z.email(CONTACT_EMAIL_INVALID)),
  phone: z
    .string()
    .trim()
    .max(50, "Máximo 50 caracteres.")
    .optional()
    .transform((v) => v || null),
  message: required(4000),
});
export type ContactValues = z.output<typeof contactFormSchema>;
