import { type CartItem, cartItemFor, MAX_CART_ITEMS, MAX_QUANTITY, shortName } from "./cart";
import type { ProductView } from "./catalog";
import { isUuid } from "./ids";

/**
 * The one cart, as the server keeps it for a browser: product ids and quantities in the `mm_cart`
 * cookie (app/lib/cart-cookie.ts), nothing else, so it cannot carry a stale name or price.
 *
 * Design of the one cart (issue 38). The cookie holds the cart; both paths write it:
 * - without scripts, the 'Añadir al Carrito' forms and /carrito post to the /carrito action, which
 *   rewrites the cookie and redirects back (Post/Redirect/Get);
 * - with scripts, the sheet's store (app/components/shop/cart-store.ts) keeps a working copy in
 *   localStorage (names, prices, pictures for the sheet) and writes the cookie on every change.
 * The root loader reads the cookie on every request that carries it, judges it against the shop
 * (judgeCart: hidden, removed and sold-out products leave, quantities within the stock) and hands
 * the result to the page; once scripts run, the store adopts it whenever the cookie changed
 * behind its back (reconcileCart). A page that shows a cart count is never taken from the
 * anonymous page cache for such a request: any cookie keeps a request out of it (page-cache.ts).
 */

export type CartLine = { id: string; quantity: number };

/** The cart the root loader read from the cookie, judged against the shop. */
export type ServerCart = {
  /** The cookie's lines after judging (what the cookie holds once the answer is in). */
  lines: CartLine[];
  /** The products of those lines as the shop has them now; `max` is the most one may order. */
  items: (CartItem & { max: number })[];
  /** What judging changed, in Spanish, one line each ('Café se agotó.'). */
  notes: string[];
  /** False when the shop could not be asked (database out of reach): nothing may be concluded. */
  checked: boolean;
};

export const EMPTY_SERVER_CART: ServerCart = { lines: [], items: [], notes: [], checked: true };

// Product ids are uuids; a line is 'id:quantity' (1..99), lines are joined by '.'.
const QUANTITY = /^[1-9][0-9]?$/;
/** The longest encoded cart: MAX_CART_ITEMS lines of 36 + 1 + 2 characters and their dots. */
export const MAX_ENCODED_CART = MAX_CART_ITEMS * 40;

/** The cookie's value for these lines ('' for none). */
export function encodeCartLines(lines: readonly CartLine[]): string {
  return lines.map((l) => `${l.id}:${l.quantity}`).join(".");
}

/**
 * The lines of a cookie value, validated on read: a value that is not a string or too long is no
 * cart; a malformed line, a repeated product, a quantity outside 1..99 and lines beyond the 50th
 * are dropped, the rest kept.
 */
export function decodeCartLines(raw: unknown): CartLine[] {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_ENCODED_CART) return [];
  const out: CartLine[] = [];
  for (const part of raw.split(".")) {
    const [id, quantity, ...rest] = part.toLowerCase().split(":");
    if (rest.length > 0 || !isUuid(id) || !QUANTITY.test(quantity ?? "") || out.some((l) => l.id === id))
      continue;
    out.push({ id, quantity: Number(quantity) });
    if (out.length === MAX_CART_ITEMS) break;
  }
  return out;
}

export function linesOf(items: readonly { id: string; quantity: number }[]): CartLine[] {
  return items.map((i) => ({ id: i.id, quantity: i.quantity }));
}

/** The most of a product one cart may hold: its stock, at most 99. */
export function maxQuantity(p: Pick<ProductView, "stockQuantity">): number {
  return Math.max(0, Math.min(MAX_QUANTITY, Math.trunc(p.stockQuantity)));
}

export type AddOutcome = "added" | "limit" | "full";

/**
 * Adds `quantity` of a product that may be ordered up to `max`: 'limit' when the cart already holds
 * all of it (nothing changes), 'full' when it is a new product and the cart holds 50 already.
 */
export function addLine(
  lines: readonly CartLine[],
  id: string,
  quantity: number,
  max: number,
): { lines: CartLine[]; outcome: AddOutcome } {
  const existing = lines.find((l) => l.id === id);
  if (existing) {
    const next = Math.min(max, existing.quantity + quantity);
    if (next <= existing.quantity) return { lines: [...lines], outcome: "limit" };
    return { lines: lines.map((l) => (l.id === id ? { id, quantity: next } : l)), outcome: "added" };
  }
  if (lines.length >= MAX_CART_ITEMS) return { lines: [...lines], outcome: "full" };
  return { lines: [...lines, { id, quantity: Math.min(max, Math.max(1, quantity)) }], outcome: "added" };
}

/** Sets a line's quantity within 1..max; a product not in the cart is left out. */
export function setLine(lines: readonly CartLine[], id: string, quantity: number, max: number): CartLine[] {
  const q = Math.min(max, Math.max(1, Math.trunc(quantity)));
  return lines.map((l) => (l.id === id ? { id, quantity: q } : l));
}

export function removeLine(lines: readonly CartLine[], id: string): CartLine[] {
  return lines.filter((l) => l.id !== id);
}

/**
 * The cookie's lines against the shop's products (the visible ones, by id): products hidden or
 * removed since, and sold-out ones, leave the cart; a quantity above the stock comes down to it.
 * `notes` says each change in Spanish (the product's name is not in the cookie for one that left
 * the shop: it is counted instead).
 */
export function judgeCart(
  lines: readonly CartLine[],
  products: readonly ProductView[],
): Omit<ServerCart, "checked"> {
  const byId = new Map(products.map((p) => [p.id, p]));
  const items: ServerCart["items"] = [];
  const notes: string[] = [];
  let gone = 0;
  for (const line of lines) {
    const p = byId.get(line.id);
    if (!p) {
      gone += 1;
      continue;
    }
    const max = maxQuantity(p);
    if (max === 0) {
      notes.push(`${shortName(p.name)} se agotó.`);
      continue;
    }
    if (line.quantity > max) notes.push(`${shortName(p.name)}: solo quedan ${max}.`);
    items.push({ ...cartItemFor(p), quantity: Math.min(line.quantity, max), max });
  }
  if (gone === 1) notes.unshift("Un producto de tu carrito ya no está en la tienda.");
  else if (gone > 1) notes.unshift(`${gone} productos de tu carrito ya no están en la tienda.`);
  return { lines: linesOf(items), items, notes };
}

/** Both carts' products once each, `a`'s first; a product in both keeps the larger quantity. */
export function mergeLines(a: readonly CartLine[], b: readonly CartLine[]): CartLine[] {
  const out = a.map((l) => ({ ...l }));
  for (const l of b) {
    const same = out.find((o) => o.id === l.id);
    if (same) same.quantity = Math.max(same.quantity, l.quantity);
    else if (out.length < MAX_CART_ITEMS) out.push({ ...l });
  }
  return out;
}

/**
 * The browser's cart once the cookie changed behind its back (a form posted without scripts, the
 * server dropping a sold-out product). `synced`: this browser's scripts have written the cookie
 * before, so the cookie is the newer record and wins whole (a product removed without scripts
 * stays removed). Otherwise (a cart from before the cookie existed) both are merged, no product
 * twice. A cookie line takes its name and price from the server's judging (`known`), never from
 * the old copy; a line only the browser had keeps its own.
 */
export function reconcileCart(
  local: readonly CartItem[],
  cookie: readonly CartLine[],
  synced: boolean,
  known: readonly CartItem[],
): CartItem[] {
  const lines = synced ? [...cookie] : mergeLines(cookie, linesOf(local));
  const fromServer = new Map(known.map((i) => [i.id, i]));
  const fromLocal = new Map(local.map((i) => [i.id, i]));
  const inCookie = new Set(cookie.map((l) => l.id));
  const out: CartItem[] = [];
  for (const line of lines) {
    const item = fromServer.get(line.id) ?? (inCookie.has(line.id) ? undefined : fromLocal.get(line.id));
    if (!item) continue;
    const { id, name, href, unitPriceCents, imageUrl } = item;
    out.push({ id, name, href, unitPriceCents, imageUrl, quantity: line.quantity });
  }
  return out;
}
