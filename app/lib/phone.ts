import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/min";
import { formatPhone, formatsLocally } from "./phone-links";

/**
 * Phone numbers, one way for the whole site (docs/product.md §4.9: validate, store E.164, build
 * tel: and wa.me links). Customers live in the US and in Central America: a number written
 * without a country code is read in the country chosen next to it (US by default).
 */

/** The countries a customer can choose, in the order the pickers list them. */
export const PHONE_COUNTRIES = [
  { code: "US", name: "Estados Unidos", dial: "+1" },
  { code: "NI", name: "Nicaragua", dial: "+505" },
  { code: "CR", name: "Costa Rica", dial: "+506" },
  { code: "GT", name: "Guatemala", dial: "+502" },
  { code: "HN", name: "Honduras", dial: "+504" },
  { code: "SV", name: "El Salvador", dial: "+503" },
  { code: "PA", name: "Panamá", dial: "+507" },
] as const satisfies readonly { code: CountryCode; name: string; dial: string }[];

export type PhoneCountry = (typeof PHONE_COUNTRIES)[number]["code"];
export const DEFAULT_PHONE_COUNTRY: PhoneCountry = "US";
export const PHONE_COUNTRY_CODES = PHONE_COUNTRIES.map((c) => c.code) as [PhoneCountry, ...PhoneCountry[]];

export function isPhoneCountry(v: unknown): v is PhoneCountry {
  return typeof v === "string" && (PHONE_COUNTRY_CODES as string[]).includes(v);
}

export interface ParsedPhone {
  /** +50587654321: what we store. */
  e164: string;
  /** +505 8765 4321: what people read. */
  international: string;
  /** The number's own country (may differ from the one chosen when the number carries its code). */
  country: string | undefined;
}

/**
 * Reads a number as people write it ('8765 4321', '(305) 555-0100', '+506 8888 7777', with
 * words around it such as 'Managua 8765 4321'). Null when it is not a valid number.
 */
export function parsePhone(input: string, country: PhoneCountry = DEFAULT_PHONE_COUNTRY): ParsedPhone | null {
  const key = `${country} ${input}`;
  const known = parsed.get(key);
  if (known !== undefined) return known;
  const result = parseUncached(input, country);
  // A list's page parses the same stored numbers on every request (the orders list's WhatsApp
  // links and phones: 4 % of its server time, docs/decisions/0024-staff-lists.md). Bounded.
  if (parsed.size >= PARSED_MAX) parsed.clear();
  parsed.set(key, result);
  return result;
}

const PARSED_MAX = 2000;
const parsed = new Map<string, ParsedPhone | null>();

function parseUncached(input: string, country: PhoneCountry): ParsedPhone | null {
  const text = input.trim();
  if (!text || text.length > 60) return null;
  // Keep only what can be part of a number: a leading + and digits (spaces, dashes, words go).
  const plus = /^\s*\+/.test(text.replace(/^[^\d+]*/, "")) ? "+" : "";
  const digits = text.replace(/\D/g, "");
  if (digits.length < 7 || digits.length > 15) return null;
  const phone = parsePhoneNumberFromString(`${plus}${digits}`, country);
  if (!phone?.isValid()) return null;
  return { e164: phone.number, international: phone.formatInternational(), country: phone.country };
}

/** The Spanish message for a number that does not parse. */
export const PHONE_INVALID_MESSAGE =
  "Número de teléfono inválido. Revisa el país y los dígitos, p. ej. +505 8765 4321.";

// The link helpers live apart so public pages can use them without the number metadata
// (libphonenumber-js, ~25 KB gzipped): import them from here or from phone-links.ts.
export { formatPhone, telHref, waMeHref } from "./phone-links";

/** The country to preselect for a stored number (US when it is empty or does not parse). */
export function phoneCountryOf(stored: string | null | undefined): PhoneCountry {
  const country = stored ? parsePhone(stored)?.country : undefined;
  return isPhoneCountry(country) ? country : DEFAULT_PHONE_COUNTRY;
}

/**
 * A stored number as people read it: formatPhone's way for the shop's and our customers'
 * countries, the international way for any other; numbers saved before validation as typed.
 */
export function displayPhone(stored: string): string {
  if (formatsLocally(stored) || !stored.startsWith("+")) return formatPhone(stored);
  return parsePhone(stored)?.international ?? stored;
}
