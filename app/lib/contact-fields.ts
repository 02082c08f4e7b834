/**
 * The contact form's fields, rules and mail link (docs/product.md §2.8 'Contact form') without zod:
 * the page checks them in the browser and keeps zod out of the visitor's first load; the action's
 * schema (./contact-forms.ts) uses the same messages.
 */
export type ContactFields = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
};

export const EMPTY_CONTACT: ContactFields = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  message: "",
};

/**
 * The required fields left empty, in form order: first name, e-mail and message (docs/product.md §2.8),
 * plus the last name, which the form marks as required too.
 */
export function missingFields(f: ContactFields): (keyof ContactFields)[] {
  const required: (keyof ContactFields)[] = ["firstName", "lastName", "email", "message"];
  return required.filter((k) => !f[k].trim());
}

export const CONTACT_EMAIL_INVALID = "Introduce un email válido, p. ej. nombre@correo.com.";

/** An e-mail address as the browser's own check reads it: something@domain.tld, no spaces. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Whether a filled-in e-mail field holds an address (empty ones are 'missing' instead). */
export const emailLooksValid = (email: string) => EMAIL_RE.test(email.trim());

/**
 * The mail-client link (docs/product.md §2.8): to the shop's address, subject 'Nuevo mensaje de {first}
 * {last}', and a body with the name, e-mail, phone or 'No proporcionado', and the message.
 */
export function contactMailto(to: string, f: ContactFields): string {
  const name = `${f.firstName.trim()} ${f.lastName.trim()}`.trim();
  const subject = `Nuevo mensaje de ${name}`;
  const body = [
    `Nombre: ${name}`,
    `Email: ${f.email.trim()}`,
    `Teléfono: ${f.phone.trim() || "No proporcionado"}`,
    "",
    "Mensaje:",
    f.message.trim(),
  ].join("\r\n");
  return `mailto:${to.trim()}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
