import { createCookie } from "react-router";
import { type CartLine, decodeCartLines, encodeCartLines } from "./cart-lines";

/**
 * The cart cookie (`mm_cart`: product ids and quantities, app/lib/cart-lines.ts), read and written
 * by the server (the root loader, the /carrito action) and by the cart's scripts, with the one
 * React Router cookie like every other cookie of the site (app/.server/http/cookies.ts). Not
 * httpOnly, because the scripts keep it in step with the sheet; not signed, because the scripts
 * write it: it is validated on every read instead, and only ever names products and quantities.
 */
export const CART_COOKIE = "mm_cart";
export const CART_COOKIE_DAYS = 90;

const cartCookie = createCookie(CART_COOKIE, {
  sameSite: "lax",
  path: "/",
  maxAge: CART_COOKIE_DAYS * 24 * 3600,
});

/** The cookie's value as it was sent (null: no cart cookie); anything unreadable is ''. */
export async function readCartCookieValue(cookieHeader: string | null | undefined): Promise<string | null> {
  if (!cookieHeader?.includes(`${CART_COOKIE}=`)) return null;
  const value: unknown = await cartCookie.parse(cookieHeader).catch(() => "");
  if (value === null) return null;
  return typeof value === "string" ? value : "";
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
export function cartCookieHeader(
  lines: readonly CartLine[],
  opts: { secure?: boolean } = {},
): Promise<string> {
  const value = encodeCartLines(lines);
  return value
    ? cartCookie.serialize(value, { secure: opts.secure })
    : cartCookie.serialize("", { maxAge: 0, secure: opts.secure });
}
