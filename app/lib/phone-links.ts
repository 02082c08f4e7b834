// wa.me and tel: links to phone numbers, and the one way a number is shown, without
// libphonenumber-js: the site's shell and public pages use these on every page, where 25 KB of
// number metadata would only slow the first load. Parsing and validation are in phone.ts (which
// re-exports these and shows numbers of other countries with the library).

/** The shop is in Miami: its own numbers (+1) are shown the national way, without the country code. */
export const SHOP_CALLING_CODE = "1";

/**
 * A wa.me link to a number (E.164, or any text: only its digits count), with an optional
 * prefilled message. Without a number, wa.me lets the person pick the chat themselves.
 */
export function waMeHref(e164: string | null | undefined, text?: string): string {
  const digits = (e164 ?? "").replace(/\D/g, "");
  const base = digits ? `https://wa.me/${digits}` : "https://wa.me/";
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/** A phone number as a tel: URI: digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().replace(/(?!^\+)[^\d]/g, "")}`;
}

/**
 * A stored number as people read it, one way everywhere (docs/product.md §4.9): the shop's own
 * country in its national format, (305) 555-0100; the Central American countries of our
 * customers with their code and two groups of digits, +505 8765 4321, +507 212 3456 (the
 * library would write some Costa Rican mobiles '+506 81234567'). Anything else is returned as
 * stored; phone.ts formats other countries with the library.
 */
export function formatPhone(stored: string): string {
  // Numbers saved before they were stored in E.164 may carry spaces, dashes or brackets.
  const e164 = /^\+[\d\s().-]+$/.test(stored.trim()) ? `+${stored.replace(/\D/g, "")}` : stored;
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  if (us) return `(${us[1]}) ${us[2]}-${us[3]}`;
  const ca = /^\+(50[2-7])(\d{3,4})(\d{4})$/.exec(e164);
  if (ca && (ca[2]?.length === 4 || ca[1] === "507")) return `+${ca[1]} ${ca[2]} ${ca[3]}`;
  return stored;
}

/** True when formatPhone knows the number's country (the shop's and our customers' ones). */
export function formatsLocally(stored: string): boolean {
  return formatPhone(stored) !== stored;
}
