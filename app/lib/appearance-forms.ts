import { z } from "zod";
import { colorRefusal, contrastFieldErrors, contrastProblems, readColor } from "./colors";
import { BANNER_LAYOUTS, COLOR_KEYS, type ColorKey, isCssLength, SITE_FONTS, type SiteColors } from "./site";
import {
  BANNER_TOO_LARGE,
  BANNER_WRONG_TYPE,
  checkUpload,
  UPLOAD_RULES,
  uploadRefusalDetail,
} from "./uploads";

/**
 * The 'Apariencia' tab's form (logo, its position and size, the colours, the font) and the
 * banner's (docs/product.md §3.2, §3.5), shared by the forms and the actions.
 */

/** A typed colour, in any spelling colord reads, stored as the HSL triplet; anything else is refused. */
const color = z
  .string({ error: "Escribe un color, p. ej. #b91c1c." })
  .max(60, "Escribe un color, p. ej. #b91c1c.")
  .transform((v, ctx) => {
    const read = readColor(v);
    if (read.ok) return read.hsl;
    ctx.addIssue({ code: "custom", message: colorRefusal(read.reason) });
    return z.NEVER;
  });

/** The one way on when the colours read badly, said where the box to tick is. */
export const CONTRAST_OVERRIDE =
  "Si quieres guardarlo así, marca «Guardar aunque se lea mal» y vuelve a guardar.";

/**
 * The form-level message of a refused 'Apariencia' save (the toast), from its field errors: a
 * contrast refusal names the colours as marked and the one action that saves them anyway.
 */
export function appearanceRefusal(errors: Record<string, string[] | null | undefined>): string {
  const marked = Object.entries(errors).filter(([, v]) => v?.length);
  const contrast = marked.some(([k]) => k === "confirmContrast");
  if (!contrast) return "No se pudo guardar la apariencia: revisa los campos marcados.";
  const others = marked.some(([k]) => k !== "confirmContrast" && !k.startsWith("colors."));
  return `No se pudo guardar la apariencia: ${
    others
      ? "revisa los campos marcados; los colores marcados se leen mal"
      : "los colores marcados se leen mal"
  }. ${CONTRAST_OVERRIDE}`;
}

const cssLength = z
  .string({ error: "Escribe una medida, p. ej. 0px." })
  .trim()
  .min(1, "Escribe una medida, p. ej. 0px.")
  .max(20, "Usa una medida CSS válida, p. ej. 0px, 4px, -0.5rem o 5%.")
  .refine(isCssLength, "Usa una medida CSS válida, p. ej. 0px, 4px, -0.5rem o 5%.");

/**
 * Our own stored files ('/files/…') or a complete https address; never javascript:, data: or
 * plain http (the page's Content-Security-Policy would not show it on an https site).
 */
const LOGO_URL_RE = /^(https:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/i;

const appearanceFields = z.object({
  logoUrl: z
    .string()
    .trim()
    .max(500, "El enlace del logo es demasiado largo.")
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || LOGO_URL_RE.test(v), {
      message: "El enlace del logo debe ser completo, p. ej. https://mitienda.com/logo.png.",
    }),
  /** A new logo file; chosen in the form (it clears the URL). */
  logo: z
    .instanceof(Blob)
    .optional()
    .refine((f) => !f || f.size <= UPLOAD_RULES.logo.maxBytes, uploadRefusalDetail("too-large", "logo"))
    .refine((f) => !f?.type || f.type.startsWith("image/"), "El archivo no es una imagen."),
  logoTop: cssLength,
  logoLeft: cssLength,
  logoSize: z
    .string({ error: "Elige un tamaño entre 20 y 100 px." })
    .trim()
    .regex(/^\d+$/, "Elige un tamaño entre 20 y 100 px.")
    .transform(Number)
    .pipe(z.number().int().min(20, "El tamaño mínimo es 20 px.").max(100, "El tamaño máximo es 100 px.")),
  colors: z.object(Object.fromEntries(COLOR_KEYS.map((k) => [k, color])) as Record<ColorKey, typeof color>),
  fontFamily: z.enum(SITE_FONTS, { error: "Selecciona una fuente de la lista." }),
  /** 'Guardar aunque se lea mal': the admin saw the contrast warning and keeps the colours. */
  confirmContrast: z.enum(["on"]).optional(),
});

/**
 * Colours that make text or buttons unreadable (below WCAG AA) are refused unless the admin
 * confirms them: each error sits on the colour field to change (which two colours, how badly),
 * and the confirmation box carries the way to save them anyway.
 */
export const appearanceSchema = appearanceFields.superRefine((v, ctx) => {
  if (v.confirmContrast) return;
  const problems = contrastProblems(v.colors as SiteColors);
  if (problems.length === 0) return;
  for (const [key, message] of Object.entries(contrastFieldErrors(problems))) {
    ctx.addIssue({ code: "custom", path: ["colors", key], message });
  }
  ctx.addIssue({ code: "custom", path: ["confirmContrast"], message: CONTRAST_OVERRIDE });
});
export type AppearanceInput = z.output<typeof appearanceSchema>;

/** 'Sin cambios': saving the banner without a new picture (docs/product.md §4.7). */
export const BANNER_NOT_CHOSEN = "No has seleccionado una nueva imagen.";

/** 'Actualizar Banner': the chosen picture, checked with the spec's messages (docs/product.md §4.7). */
export const bannerUpdateSchema = z.object({
  banner: z
    .instanceof(Blob, { error: BANNER_NOT_CHOSEN })
    .refine((f) => f.size > 0, BANNER_NOT_CHOSEN)
    // The browser's type, when it gives one; the server reads the bytes (app/.server/storage/uploads.ts).
    .refine((f) => !f.type || checkUpload(f, "banner") !== "wrong-type", BANNER_WRONG_TYPE)
    .refine((f) => f.size <= UPLOAD_RULES.banner.maxBytes, BANNER_TOO_LARGE),
});

/** 'Restaurar' a banner of the history. */
export const bannerRestoreSchema = z.object({ historyId: z.uuid({ error: "Imagen no encontrada." }) });

/** The intent of the 'Apariencia' tab of /admin (app/routes/admin/appearance/intents.ts). */
export const APPEARANCE_INTENT = { save: "appearance-save" } as const;

/** The intents of /admin/content (app/routes/admin/content/intents.ts). */
/** 'Cómo se muestra el banner' of /admin/content. */
export const bannerLayoutSchema = z.object({
  layout: z.enum(BANNER_LAYOUTS, { error: "Elige cómo se muestra el banner." }),
});

export const BANNER_INTENT = {
  layout: "banner-layout",
  update: "banner-update",
  restore: "banner-restore",
  restoreDefault: "banner-default",
} as const;
