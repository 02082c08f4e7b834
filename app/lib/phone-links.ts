// wa.me and tel: links to phone numbers, without libphonenumber-js: the site's shell and public
// pages use these on every page, where 25 KB of number metadata would only slow the first load.
// Parsing and validation are in phone.ts (which re-exports these).

/** A wa.me link to a stored (E.164) number, with an optional prefilled message. */
export function waMeHref(e164: string, text?: string): string {
  const digits = e164.replace(/\D/g, "");
  const base = `https://wa.me/${digits}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/** A phone number as a tel: URI: digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().replace(/(?!^\+)[^\d]/g, "")}`;
}

/**
 * A stored number grouped for reading without the number metadata, for public pages:
 * +1 305 555 0100, +505 8765 4321. Numbers saved before validation (no +) stay as typed.
 * Staff screens use displayPhone (phone.ts), which knows every country's format.
 */
export function readablePhone(stored: string): string {
  const m = /^\+(1)(\d{3})(\d{3})(\d{4})$/.exec(stored) ?? /^\+(50[2-7])(\d{4})(\d{4})$/.exec(stored);
  return m ? `+${m.slice(1).join(" ")}` : stored;
}
