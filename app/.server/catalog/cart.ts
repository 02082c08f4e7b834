import { cartCookieHeader, readCartCookieValue } from "../../lib/cart-cookie";
import {
  type CartLine,
  decodeCartLines,
  EMPTY_SERVER_CART,
  encodeCartLines,
  judgeCart,
  type ServerCart,
} from "../../lib/cart-lines";
import type { ProductView } from "../../lib/catalog";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { listProductsByIds } from "./products";

/**
 * The browser's cart on the server: the `mm_cart` cookie judged against the shop (design in
 * app/lib/cart-lines.ts). When judging changed it (a product hidden or sold out since, a quantity
 * above the stock, a malformed cookie), the answer carries the corrected cookie.
 */
export async function readServerCart(
  deps: { db: Db; logger: Logger },
  cookieHeader: string | null,
): Promise<{ cart: ServerCart; setCookie: string | null }> {
  const raw = await readCartCookieValue(cookieHeader);
  if (raw === null) return { cart: EMPTY_SERVER_CART, setCookie: null };
  const lines = decodeCartLines(raw);
  let products: ProductView[];
  try {
    products = lines.length
      ? await listProductsByIds(
          deps.db,
          lines.map((l) => l.id),
        )
      : [];
  } catch (err) {
    // The cart stays as it is; the page shows without it rather than failing or emptying it.
    deps.logger.warn({ err }, "cart: products fetch failed");
    return { cart: { lines, items: [], notes: [], checked: false }, setCookie: null };
  }
  const judged = judgeCart(lines, products);
  const changed = encodeCartLines(judged.lines) !== raw;
  return {
    cart: { ...judged, checked: true },
    setCookie: changed ? await cartCookieHeader(judged.lines) : null,
  };
}

/** The visible product a cart form names, or null (hidden, removed, never was). */
export async function findCartProduct(db: Db, id: string): Promise<ProductView | null> {
  const [product] = await listProductsByIds(db, [id]);
  return product ?? null;
}

/** The lines of the request's cookie as they stand (the /carrito action changes them). */
export async function requestCartLines(cookieHeader: string | null): Promise<CartLine[]> {
  return decodeCartLines(await readCartCookieValue(cookieHeader));
}
