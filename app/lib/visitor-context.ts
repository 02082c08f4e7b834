import { z } from "zod";
import { clientIdSchema } from "./chat";
import { isTimeZone, zonedParts } from "./dates";
import { PHONE_COUNTRIES, parsePhone } from "./phone";
import { countryOfTimeZone } from "./phone-country";

/*
 * The visitor's context for staff (issue 41): the pages a visitor with a conversation opens and
 * what their browser says about itself, sent by the widget (POST /api/chat/page) and shown in the
 * inbox's side panel. No IP geolocation: the country is a guess from the browser's time zone, the
 * contact's phone and the languages. Browser-safe.
 */

export const PAGE_PATH_MAX = 300;
export const PAGE_TITLE_MAX = 200;
/** A pause this long between two pages starts a new visit (and 'Ahora en' becomes 'Última página'). */
export const VISIT_GAP_MS = 30 * 60_000;

const clientId = clientIdSchema;

/** Staff pages (and their sign-in page) are never reported. */
export const isStaffPath = (path: string) => /^\/admin/i.test(path);

/** A public page's path (with its query, never the fragment): staff pages are never reported. */
export const pagePathSchema = z
  .string({ error: "Página inválida." })
  .max(PAGE_PATH_MAX, `La dirección de la página es demasiado larga (máximo ${PAGE_PATH_MAX} caracteres).`)
  .refine((p) => p.startsWith("/") && !p.startsWith("//") && !p.includes("#"), "Página inválida.")
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  .refine((p) => !/[\u0000-\u001f\u007f\s]/.test(p), "Página inválida.")
  .refine((p) => !isStaffPath(p), "Las páginas del personal no se registran.");

const TIME_ZONE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;
/** A browser language the server takes ('es', 'es-NI', 'es-419', 'zh-Hant-TW'). */
export const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}$/;

const BAD_CONTEXT = "Datos del navegador inválidos.";

/** What the browser tells about itself with its first report of a page load (the device is the server's). */
export const browserContextSchema = z.object(
  {
    timeZone: z
      .string({ error: BAD_CONTEXT })
      .max(64, BAD_CONTEXT)
      .refine((tz) => TIME_ZONE.test(tz) && isTimeZone(tz), BAD_CONTEXT)
      .optional(),
    languages: z
      .array(z.string({ error: BAD_CONTEXT }).max(35, BAD_CONTEXT).regex(LANGUAGE_TAG, BAD_CONTEXT), {
        error: BAD_CONTEXT,
      })
      .max(8, BAD_CONTEXT)
      .optional(),
    firstSeen: z.iso.datetime({ error: BAD_CONTEXT }).optional(),
    visits: z
      .number({ error: BAD_CONTEXT })
      .int(BAD_CONTEXT)
      .min(1, BAD_CONTEXT)
      .max(1_000_000, BAD_CONTEXT)
      .optional(),
  },
  { error: BAD_CONTEXT },
);
export type BrowserContext = z.output<typeof browserContextSchema>;

/** POST /api/chat/page: the page the visitor opened, with the browser's context on its first report. */
export const visitorPageSchema = z.object({
  clientId,
  path: pagePathSchema,
  title: z
    .string()
    .trim()
    .max(PAGE_TITLE_MAX, `El título es demasiado largo (máximo ${PAGE_TITLE_MAX} caracteres).`)
    .optional()
    .transform((t) => t || null),
  context: browserContextSchema.optional(),
});
export type VisitorPageValues = z.output<typeof visitorPageSchema>;

const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase("es") + s.slice(1);

/** 'Español', or 'Español, Inglés': the browser's languages by name, each once, in its order. */
export function languageNames(languages: readonly string[] | undefined): string | null {
  if (!languages?.length) return null;
  const names = new Intl.DisplayNames("es", { type: "language", fallback: "none" });
  const seen = new Set<string>();
  for (const tag of languages) {
    const base = tag.split("-")[0]?.toLowerCase() ?? "";
    try {
      const name = names.of(base);
      if (name) seen.add(capitalize(name));
    } catch {
      // Not a language the platform knows: left out.
    }
  }
  return seen.size ? [...seen].join(", ") : null;
}

/** 'Managua', 'Costa Rica', 'New York': the city of an IANA time zone. */
export const zoneCity = (timeZone: string) => (timeZone.split("/").pop() ?? timeZone).replace(/_/g, " ");

/** '10:42 a. m. (Managua)': the visitor's wall clock now; null without a (valid) time zone. */
export function visitorLocalTime(timeZone: string | undefined, now: Date = new Date()): string | null {
  if (!timeZone) return null;
  try {
    const { hour, minute } = zonedParts(now, timeZone);
    const h12 = hour % 12 === 0 ? 12 : hour % 12;
    return `${h12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "a. m." : "p. m."} (${zoneCity(timeZone)})`;
  } catch {
    return null;
  }
}

/**
 * Time zones of countries outside the phone form's list (app/lib/phone-country.ts has those) that
 * the shop's customers write from; a zone of neither list leaves the guess to the phone and the
 * languages.
 */
const OTHER_ZONES: Record<string, string> = {
  "America/New_York": "US",
  "America/Detroit": "US",
  "America/Indiana/Indianapolis": "US",
  "America/Kentucky/Louisville": "US",
  "America/Chicago": "US",
  "America/Denver": "US",
  "America/Phoenix": "US",
  "America/Los_Angeles": "US",
  "America/Anchorage": "US",
  "Pacific/Honolulu": "US",
  "America/Puerto_Rico": "PR",
  "America/Mexico_City": "MX",
  "America/Cancun": "MX",
  "America/Havana": "CU",
  "America/Santo_Domingo": "DO",
  "America/Bogota": "CO",
  "America/Caracas": "VE",
  "America/Lima": "PE",
  "America/Guayaquil": "EC",
  "America/Argentina/Buenos_Aires": "AR",
  "America/Santiago": "CL",
  "Europe/Madrid": "ES",
};

/** The country's name in Spanish: the phone form's, else the platform's. */
function countryName(code: string): string | null {
  const known = PHONE_COUNTRIES.find((c) => c.code === code);
  if (known) return known.name;
  try {
    const name = new Intl.DisplayNames("es", { type: "region", fallback: "none" }).of(code);
    return name ?? null;
  } catch {
    return null;
  }
}

export type CountryGuess = { name: string; basis: "timeZone" | "phone" | "language" };

/**
 * Where the visitor probably is: their browser's time zone (where they are now), else their
 * contact's phone country code, else the region of their languages (es-NI); null when nothing says.
 */
export function guessCountry(input: {
  timeZone?: string;
  languages?: readonly string[];
  phone?: string | null;
}): CountryGuess | null {
  const tz = input.timeZone;
  const byZone =
    countryOfTimeZone(tz) ?? (tz && Object.hasOwn(OTHER_ZONES, tz) ? OTHER_ZONES[tz] : undefined);
  const byPhone = input.phone ? parsePhone(input.phone)?.country : undefined;
  const byLanguage = input.languages
    ?.map((l) => l.split("-")[1]?.toUpperCase())
    .find((r): r is string => !!r && /^[A-Z]{2}$/.test(r));
  const candidates: Array<[string | undefined, CountryGuess["basis"]]> = [
    [byZone, "timeZone"],
    [byPhone, "phone"],
    [byLanguage, "language"],
  ];
  for (const [code, basis] of candidates) {
    const name = code ? countryName(code) : null;
    if (name) return { name, basis };
  }
  return null;
}

export const COUNTRY_BASIS_TEXT: Record<CountryGuess["basis"], string> = {
  timeZone: "por la zona horaria del navegador",
  phone: "por el código de su teléfono",
  language: "por el idioma del navegador",
};
