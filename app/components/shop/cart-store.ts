import { useSyncExternalStore } from "react";
import {
  addToCart,
  type CartDetails,
  type CartFresh,
  type CartItem,
  cartItemFor,
  parseCart,
  parseCartDetails,
  refreshCart,
  removeFromCart,
  setQuantity,
} from "~/lib/cart";
import { cartCookieHeader, readCartCookie } from "~/lib/cart-cookie";
import { encodeCartLines, linesOf, reconcileCart, type ServerCart } from "~/lib/cart-lines";
import type { ProductView } from "~/lib/catalog";
import { notify } from "~/lib/toast";

/**
 * The cart in the browser's localStorage (survives reloads, shared between tabs), and whether
 * the cart sheet is open. No provider: any component reads it with useCart().
 *
 * One cart with the server (design in app/lib/cart-lines.ts): every change here is written to the
 * `mm_cart` cookie as well, and what the cookie got behind this store's back (a form posted
 * without scripts, the server dropping a sold-out product) is adopted by adoptServerCart.
 */

const KEY = "mml-cart-v1";
/** The cookie's value as this store last wrote it: equal to the cookie while nothing else wrote it. */
const SYNCED_KEY = "mml-cart-cookie-v1";
/** The name and destination typed in the cart, kept for the next order. */
const DETAILS_KEY = "mml-cart-details-v1";
const EMPTY: CartItem[] = [];
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cached: CartItem[] = EMPTY;
let sheetOpen = false;
/** Whether this store has taken in the server's cart once (until then pages show the server's). */
let adopted = false;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function snapshot(): CartItem[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseCart(raw);
  }
  return cached;
}

const emit = () => {
  for (const l of listeners) l();
};

function readSynced(): string | null {
  try {
    return window.localStorage.getItem(SYNCED_KEY);
  } catch {
    return null;
  }
}

// Cookie writes run one after the other, each with the cart as it is when it runs.
let cookieWrites: Promise<void> = Promise.resolve();

function writeCookie() {
  cookieWrites = cookieWrites
    .then(async () => {
      const header = await cartCookieHeader(linesOf(snapshot()), { secure: location.protocol === "https:" });
      // biome-ignore lint/suspicious/noDocumentCookie: the cart cookie is written from the page on purpose (one cart with the server); the Cookie Store API is missing in Safari and Firefox.
      document.cookie = header;
    })
    .catch(() => {});
}

function write(items: CartItem[]) {
  try {
    if (items.length) window.localStorage.setItem(KEY, JSON.stringify(items));
    else window.localStorage.removeItem(KEY);
    window.localStorage.setItem(SYNCED_KEY, encodeCartLines(linesOf(items)));
  } catch {
    // Private mode or full storage: the cart lives until the page closes.
    cachedRaw = JSON.stringify(items);
    cached = items;
  }
  writeCookie();
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The name and destination the visitor typed last time (empty on the server). */
export function readCartDetails(): CartDetails {
  try {
    return parseCartDetails(window.localStorage.getItem(DETAILS_KEY));
  } catch {
    return parseCartDetails(null);
  }
}

export function saveCartDetails(details: CartDetails): void {
  try {
    if (details.name || details.destination)
      window.localStorage.setItem(DETAILS_KEY, JSON.stringify(details));
    else window.localStorage.removeItem(DETAILS_KEY);
  } catch {
    // Private mode: they are typed again next time.
  }
}

export const cart = {
  add: (item: Omit<CartItem, "quantity">) => write(addToCart(snapshot(), item)),
  setQuantity: (id: string, quantity: number) => write(setQuantity(snapshot(), id, quantity)),
  remove: (id: string) => write(removeFromCart(snapshot(), id)),
  clear: () => write([]),
  /** Applies the shop's answer about the `asked` products; returns what changed, in Spanish. */
  refresh: (fresh: CartFresh[], asked: ReadonlySet<string>): string[] => {
    const r = refreshCart(snapshot(), fresh, asked);
    if (r.changes.length || JSON.stringify(r.items) !== JSON.stringify(snapshot())) write(r.items);
    return r.changes;
  },
  open: (open = true) => {
    sheetOpen = open;
    emit();
  },
};

export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
}

export function useCartOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => sheetOpen,
    () => false,
  );
}

/**
 * Asks the shop how the cart's products are now (GET /api/cart) and applies it. Returns the
 * changes, or null when the shop could not be asked (offline): the cart then stays as it was.
 */
export async function refreshFromShop(): Promise<string[] | null> {
  const items = snapshot();
  if (items.length === 0) return [];
  const asked = new Set(items.map((i) => i.id));
  try {
    const res = await fetch(`/api/cart?ids=${[...asked].join(",")}`);
    if (!res.ok) return null;
    const body = (await res.json()) as { products?: CartFresh[] };
    return Array.isArray(body.products) ? cart.refresh(body.products, asked) : null;
  } catch {
    return null;
  }
}

/**
 * Takes in what the cookie got behind this store's back, once scripts run and after each time the
 * root data is read again: `server` is the cookie as the root loader judged it. Nothing happens
 * when the cookie is what this store last wrote, nor when the root data describes another cookie
 * than the one the browser holds now (it is not the latest: the next read will be). Resolves to
 * whether the cart changed.
 */
export async function adoptServerCart(server: ServerCart): Promise<boolean> {
  try {
    if (!server.checked) return false;
    await cookieWrites;
    const now = (await readCartCookie(document.cookie)) ?? [];
    const synced = readSynced();
    const current = encodeCartLines(now);
    if (synced === current) return false;
    if (encodeCartLines(server.lines) !== current) return false;
    const before = JSON.stringify(snapshot());
    const items = reconcileCart(snapshot(), now, synced !== null, server.items);
    write(items);
    return JSON.stringify(items) !== before;
  } finally {
    if (!adopted) {
      adopted = true;
      emit();
    }
  }
}

/** Whether the browser's cart has taken in the server's (false on the server and while hydrating). */
export function useCartAdopted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => adopted,
    () => false,
  );
}

/** 'Añadir al Carrito': into the browser's cart, with a toast that opens it. */
export function addProductToCart(product: ProductView) {
  if (product.stockQuantity <= 0) return;
  cart.add(cartItemFor(product));
  notify({
    title: "Añadido al carrito",
    description: product.name,
    action: { label: "Ver carrito", onClick: () => cart.open() },
  });
}
