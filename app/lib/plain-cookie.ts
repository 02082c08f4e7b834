/**
 * The cookies the page's own scripts write too (the cart, the closed announcements): plain
 * `name=value` pairs whose values are made only of characters a cookie allows as they are (ids,
 * digits, '-', ':', '.'), so neither side encodes or signs anything and React Router's cookie
 * code (with its signing) stays out of the visitor's first load. The server's own cookies
 * (session, flash, tracking) keep `createCookie` (app/.server/http/cookies.ts). Both sides read
 * and write these with the two functions below, and validate every value they read.
 */

/** The value of cookie `name` in a Cookie header (or `document.cookie`); null when it is absent. */
export function readPlainCookie(cookieHeader: string | null | undefined, name: string): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * A Set-Cookie value (also what `document.cookie` takes): `name=value` and the attributes in the
 * order given; `true` writes a flag ('Secure'), `false` or undefined leaves it out.
 */
export function plainCookie(
  name: string,
  value: string,
  attributes: Record<string, string | number | boolean | undefined>,
): string {
  const parts = [`${name}=${value}`];
  for (const [key, v] of Object.entries(attributes)) {
    if (v === true) parts.push(key);
    else if (v !== false && v !== undefined) parts.push(`${key}=${v}`);
  }
  return parts.join("; ");
}
