import { z } from "zod";
import { parsePhone } from "./phone";
import type { SiteText } from "./site";

/**
 * The 'Textos' tab's form (docs/product.md §3.2): every site text, shared by the form and the
 * /admin action. An empty field falls back to its default on the public pages.
 */

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres.`)
    .optional()
    .transform((v) => v ?? "");

/** A phone number as people write it, checked for the country (US by default) and written the international way. */
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
    return phone.international;
  });

/** The WhatsApp link every public WhatsApp button uses: a complete wa.me or api.whatsapp.com link. */
export const WHATSAPP_LINK_RE = /^https:\/\/(wa\.me\/\d{7,15}|api\.whatsapp\.com\/\S+)$/;
export const whatsappLinkSchema = z
  .string()
  .trim()
  .max(300, "El enlace es demasiado largo.")
  .optional()
  .transform((v) => v ?? "")
  .refine((v) => v === "" || WHATSAPP_LINK_RE.test(v), {
    message: "El enlace de WhatsApp debe ser completo, p. ej. https://wa.me/13055550100 (solo números).",
  });

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
  whatsappLink: whatsappLinkSchema,
  footerText: text(400),
  businessHoursWeekday: text(60),
  businessHoursSaturday: text(60),
  businessHoursSunday: text(60),
  servicesTitle: text(120),
  servicesSubtitle: text(400),
} satisfies Record<keyof SiteText, z.ZodType>; // every site text has its field

export const siteTextSchema = z.object(shape);

/** 'Restaurar esta versión' of the texts, from the history of changes. */
export const restoreTextSchema = z.object({ changeId: z.uuid({ error: "Versión no encontrada." }) });

/** The intents of the 'Textos' tab of /admin (app/routes/admin/panel/texts/intents.ts). */
export const TEXTS_INTENT = { save: "text-save", restore: "text-restore" } as const;
