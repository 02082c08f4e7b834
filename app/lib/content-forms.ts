import { z } from "zod";
import { formatClock, parseDayHours } from "./opening-hours";
import { displayPhone, parsePhone } from "./phone";
import type { SiteText } from "./site";

/**
 * The 'Textos' tab's form (docs/product.md §3.2): every site text, shared by the form and the
 * /admin action. An empty field falls back to its default on the public pages. Fields with a
 * format (phones, e-mail, hours) are parsed and normalised here; anything that cannot be read is
 * a field error and nothing is saved.
 */

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres.`)
    .optional()
    .transform((v) => v ?? "");

/**
 * A phone number as people write it, checked for its country (US unless a code is given) and
 * stored in E.164 (+13055550100), the one form every link derives from.
 */
export const phoneSchema = z
  .string()
  .trim()
  .max(40, "El teléfono es demasiado largo.")
  .optional()
  .transform((v, ctx) => {
    if (!v) return "";
    const phone = parsePhone(v);
    if (!phone) {
      ctx.addIssue({
        code: "custom",
        message: "Número de teléfono inválido. Escríbelo con el código de país, p. ej. +1 305 555 0100.",
      });
      return z.NEVER;
    }
    return phone.e164;
  });

export const HOURS_INVALID_MESSAGE =
  "No se entiende el horario. Escríbelo como 9:00 AM - 6:00 PM, o Cerrado.";

/**
 * One day's opening hours: read as the chat widget reads them (app/lib/opening-hours.ts) and
 * written one way, '9:00 AM - 6:00 PM' or 'Cerrado'; what cannot be read is refused.
 */
export const hoursSchema = z
  .string()
  .trim()
  .max(60, "Máximo 60 caracteres.")
  .optional()
  .transform((v, ctx) => {
    if (!v) return "";
    const hours = parseDayHours(v);
    if (!hours) {
      ctx.addIssue({ code: "custom", message: HOURS_INVALID_MESSAGE });
      return z.NEVER;
    }
    return hours === "closed" ? "Cerrado" : `${formatClock(hours.open)} - ${formatClock(hours.close)}`;
  });

export const WHATSAPP_NUMBER_MISSING =
  "Escribe el número de WhatsApp, o marca 'Usar el mismo número' para usar el teléfono.";
export const WHATSAPP_NUMBER_INVALID =
  "Este no es un número de WhatsApp. Escríbelo con el código de país, p. ej. +505 8888 1234.";

const shape = {
  heroTitle: text(120),
  heroSubtitle: text(400),
  shippingInfoTitle: text(120),
  shippingInfoBody: text(600),
  contactTitle: text(120),
  contactDescription: text(400),
  contactEmail: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || z.email().safeParse(v).success, {
      message: "Correo inválido. Escríbelo completo, p. ej. info@tutienda.com.",
    }),
  contactPhone: phoneSchema,
  contactAddress: text(200),
  /** Read with whatsappSame below: only kept when that is off. */
  whatsappNumber: z.string().trim().max(300, "El número es demasiado largo.").optional(),
  footerText: text(400),
  businessHoursWeekday: hoursSchema,
  businessHoursSaturday: hoursSchema,
  businessHoursSunday: hoursSchema,
  servicesTitle: text(120),
  servicesSubtitle: text(400),
} satisfies Record<keyof SiteText, z.ZodType>; // every site text has its field

type WhatsappFields = { whatsappSame?: string; whatsappNumber?: string };

// 'Usar el mismo número' off needs a valid number of its own. Checked even when other fields are
// wrong (`when`), so every field error shows at once.
const always = { when: () => true, path: ["whatsappNumber"] };
const hasNumber = (v: WhatsappFields) => !!v.whatsappSame || !!v.whatsappNumber;
const isNumber = (v: WhatsappFields) =>
  !!v.whatsappSame || !v.whatsappNumber || !!parsePhone(v.whatsappNumber);

/**
 * Stored as E.164, or empty for the same number as the contact phone. An overwrite, not a
 * transform, so the schema stays an object whose field constraints Conform can read.
 */
function storeWhatsapp<T extends WhatsappFields>(v: T): T {
  const number = v.whatsappSame ? "" : (parsePhone(v.whatsappNumber ?? "")?.e164 ?? "");
  return { ...v, whatsappNumber: number };
}

export const siteTextSchema = z
  .object({
    ...shape,
    /** 'Usar el mismo número': the checkbox sends 'on'. */
    whatsappSame: z.enum(["on"]).optional(),
  })
  .refine(hasNumber, { ...always, message: WHATSAPP_NUMBER_MISSING })
  .refine(isNumber, { ...always, message: WHATSAPP_NUMBER_INVALID })
  .overwrite(storeWhatsapp);

/** The saved texts, as SiteText (the checkbox is only the form's). */
export function siteTextOf(value: z.output<typeof siteTextSchema>): SiteText {
  const { whatsappSame: _same, ...text } = value;
  return { ...text, whatsappNumber: text.whatsappNumber ?? "" };
}

/** What the form shows for stored texts: numbers as people read them, the checkbox on when WhatsApp has none of its own. */
export function siteTextFormValues(text: SiteText): Record<string, string | undefined> {
  const readable = (v: string) => (parsePhone(v) ? displayPhone(parsePhone(v)?.e164 ?? v) : v);
  return {
    ...text,
    contactPhone: readable(text.contactPhone),
    whatsappNumber: text.whatsappNumber ? readable(text.whatsappNumber) : "",
    whatsappSame: text.whatsappNumber ? undefined : "on",
  };
}

/** 'Restaurar esta versión' of the texts, from the history of changes. */
export const restoreTextSchema = z.object({ changeId: z.uuid({ error: "Versión no encontrada." }) });

/** The intents of the 'Textos' tab of /admin (app/routes/admin/texts/intents.ts). */
export const TEXTS_INTENT = {
  save: "text-save",
  // 'Restaurar' of the history: texts, appearance or banner ('text-restore' is its older name).
  restore: "change-restore",
  restoreOld: "text-restore",
} as const;
