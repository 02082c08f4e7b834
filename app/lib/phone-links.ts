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
