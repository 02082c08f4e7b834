import { type CartLine, decodeCartLines, encodeCartLines } from "./cart-lines";
import { plainCookie, readPlainCookie } from "./plain-cookie";

/**
 * The cart cookie (`mm_cart`: product ids and quantities, app/lib/cart-lines.ts), read and written
 * by the server (the root loader, the /carrito action) and by the cart's scripts: a plain cookie
 * (app/lib/plain-cookie.ts) whose value is the encoded lines. Not httpOnly, because the scripts
 * keep it in step with the sheet; not signed, because the scripts write it: it is validated on
 * every read instead, and only ever names products and quantities.
 */
export const CART_COOKIE = "mm_cart";
export const CART_COOKIE_DAYS = 90;

/** The cookie's value as it was sent (null: no cart cookie). */
export async function readCartCookieValue(cookieHeader: string | null | undefined): Promise<string | null> {
  return readPlainCookie(cookieHeader, CART_COOKIE);
}

/** The cart lines of a Cookie header (or `document.cookie`); null when there is no cart cookie. */
export async function readCartCookie(cookieHeader: string | null | undefined): Promise<CartLine[] | null> {
  const value = await readCartCookieValue(cookieHeader);
  return value === null ? null : decodeCartLines(value);
}

/**
 * Set-Cookie (or the `document.cookie` assignment) for these lines; an empty cart removes the
 * cookie, so a visitor who emptied it is served from the page cache again.
 */
export async function cartCookieHeader(
  lines: readonly CartLine[],
  opts: { secure?: boolean } = {},
): Promise<string> {
  const value = encodeCartLines(lines);
  return plainCookie(CART_COOKIE, value, {
    "Max-Age": value ? CART_COOKIE_DAYS * 24 * 3600 : 0,
    Path: "/",
    SameSite: "Lax",
    Secure: opts.secure,
  });
}
