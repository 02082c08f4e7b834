import { type ProductView, productHref } from "./catalog";
import { formatPrice, unitPriceCents } from "./prices";

/**
 * The WhatsApp order list ('Añadir al Carrito'): kept in the browser, no account. Pure functions
 * here; the browser store is app/components/shop/cart-store.ts.
 */

export type CartItem = {
  id: string;
  name: string;
  /** The product page, e.g. '/tienda/cafe-pilon-1a2b3c4d'. */
  href: string;
  /** What one costs when it was added (sale price while on sale); null = 'Consultar precio'. */
  unitPriceCents: number | null;
  /** The product's picture (one of our stored files), or null. */
  imageUrl: string | null;
  quantity: number;
};

/** Who orders and where it goes: optional, said in the WhatsApp message when given. */
export type CartDetails = { name: string; destination: string };
export const MAX_DETAIL = 80;

export const MAX_QUANTITY = 99;
export const MAX_CART_ITEMS = 50;
const MAX_NAME = 80;

export function cartItemFor(p: ProductView): Omit<CartItem, "quantity"> {
  return {
    id: p.id,
    name: p.name,
    href: productHref(p),
    unitPriceCents: unitPriceCents(p),
    imageUrl: p.imageUrl,
  };
}

const clampQty = (n: number) => Math.min(MAX_QUANTITY, Math.max(0, Math.trunc(n)));

/** Adds one (or `quantity`) of a product; a product already listed gets its details refreshed. */
export function addToCart(items: CartItem[], item: Omit<CartItem, "quantity">, quantity = 1): CartItem[] {
  const existing = items.find((i) => i.id === item.id);
  if (existing) {
    return items.map((i) => (i.id === item.id ? { ...item, quantity: clampQty(i.quantity + quantity) } : i));
  }
  if (items.length >= MAX_CART_ITEMS) return items;
  return [...items, { ...item, quantity: clampQty(quantity) || 1 }];
}

/** Sets a line's quantity; 0 removes it. */
export function setQuantity(items: CartItem[], id: string, quantity: number): CartItem[] {
  const q = clampQty(quantity);
  return q === 0 ? removeFromCart(items, id) : items.map((i) => (i.id === id ? { ...i, quantity: q } : i));
}

export function removeFromCart(items: CartItem[], id: string): CartItem[] {
  return items.filter((i) => i.id !== id);
}

export function cartCount(items: CartItem[]): number {
  return items.reduce((n, i) => n + i.quantity, 0);
}

/** The total of the priced lines, and whether some lines have no price ('Consultar precio'). */
export function cartTotal(items: CartItem[]): { totalCents: number; unpriced: number } {
  let totalCents = 0;
  let unpriced = 0;
  for (const i of items) {
    if (i.unitPriceCents == null) unpriced += 1;
    else totalCents += i.unitPriceCents * i.quantity;
  }
  return { totalCents, unpriced };
}

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
/** A product's name on one line, cut at 80 characters (the cart's messages). */
export const shortName = (s: string) => {
  const name = oneLine(s);
  return name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name;
};

/**
 * The one WhatsApp message for the whole cart: who orders and where it goes (when given), every
 * item with its quantity and price, the total of the priced items, and a note when some prices
 * must be confirmed.
 */
export function cartMessage(items: CartItem[], details: Partial<CartDetails> = {}): string {
  const name = oneLine(details.name ?? "").slice(0, MAX_DETAIL);
  const destination = oneLine(details.destination ?? "").slice(0, MAX_DETAIL);
  const lines = [
    name ? `Hola, soy ${name}. Quisiera hacer este pedido:` : "Hola, quisiera hacer este pedido:",
    "",
  ];
  for (const i of items) {
    const price =
      i.unitPriceCents == null
        ? "precio a consultar"
        : i.quantity > 1
          ? `${formatPrice(i.unitPriceCents)} c/u = ${formatPrice(i.unitPriceCents * i.quantity)}`
          : formatPrice(i.unitPriceCents);
    lines.push(`• ${i.quantity} × ${shortName(i.name)} — ${price}`);
  }
  const { totalCents, unpriced } = cartTotal(items);
  lines.push("");
  if (unpriced === items.length) {
    lines.push("¿Me pueden indicar los precios?");
  } else {
    lines.push(`Total: ${formatPrice(totalCents)}${unpriced > 0 ? " (sin los productos a consultar)" : ""}`);
  }
  if (destination) lines.push(`Envío a: ${destination}`);
  lines.push("¿Me confirman la disponibilidad y las opciones de envío? ¡Gracias!");
  return lines.join("\n");
}

/** A stored picture's address (our files, or the S3 bucket's https address); anything else is dropped. */
function safeImage(v: unknown): string | null {
  return typeof v === "string" && /^(\/files\/|https:\/\/)[\w./%-]+$/.test(v) && v.length <= 500 ? v : null;
}

/** Reads the stored name and destination; anything else is dropped. */
export function parseCartDetails(raw: string | null): CartDetails {
  try {
    const v = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const text = (x: unknown) => (typeof x === "string" ? x.slice(0, MAX_DETAIL) : "");
    return { name: text(v.name), destination: text(v.destination) };
  } catch {
    return { name: "", destination: "" };
  }
}

/** Reads what the browser stored; anything malformed is dropped rather than trusted. */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const out: CartItem[] = [];
  for (const v of data.slice(0, MAX_CART_ITEMS)) {
    if (!v || typeof v !== "object") continue;
    const { id, name, href, unitPriceCents, quantity, imageUrl } = v as Record<string, unknown>;
    if (typeof id !== "string" || typeof name !== "string" || typeof href !== "string") continue;
    if (!href.startsWith("/tienda/")) continue;
    const price =
      typeof unitPriceCents === "number" && Number.isInteger(unitPriceCents) ? unitPriceCents : null;
    const q = typeof quantity === "number" ? clampQty(quantity) : 0;
    if (q === 0 || out.some((i) => i.id === id)) continue;
    out.push({
      id,
      name: name.slice(0, 200),
      href,
      unitPriceCents: price,
      imageUrl: safeImage(imageUrl),
      quantity: q,
    });
  }
  return out;
}

/** A cart line as the shop has it now (GET /api/cart): what refreshCart compares with. */
export type CartFresh = Omit<CartItem, "quantity"> & { soldOut: boolean };

export function cartFreshFor(p: ProductView): CartFresh {
  return { ...cartItemFor(p), soldOut: p.stockQuantity <= 0 };
}

/**
 * The cart brought up to date with the shop: names, links and prices as they are now; products
 * sold out or gone since they were added leave it. `changes` says so, in Spanish, one line each.
 * Only the `asked` ids are judged (a product added while the answer was on its way stays).
 */
export function refreshCart(
  items: CartItem[],
  fresh: CartFresh[],
  asked: ReadonlySet<string> = new Set(items.map((i) => i.id)),
): { items: CartItem[]; changes: string[] } {
  const now = new Map(fresh.map((f) => [f.id, f]));
  const changes: string[] = [];
  const next: CartItem[] = [];
  for (const item of items) {
    if (!asked.has(item.id)) {
      next.push(item);
      continue;
    }
    const f = now.get(item.id);
    if (!f) {
      changes.push(`${shortName(item.name)} ya no está en la tienda.`);
      continue;
    }
    if (f.soldOut) {
      changes.push(`${shortName(f.name)} se agotó.`);
      continue;
    }
    if (f.unitPriceCents !== item.unitPriceCents) {
      changes.push(
        f.unitPriceCents == null
          ? `${shortName(f.name)}: precio a consultar.`
          : `${shortName(f.name)}: ahora ${formatPrice(f.unitPriceCents)}.`,
      );
    }
    next.push({
      id: f.id,
      name: f.name,
      href: f.href,
      unitPriceCents: f.unitPriceCents,
      imageUrl: f.imageUrl,
      quantity: item.quantity,
    });
  }
  return { items: next, changes };
}
