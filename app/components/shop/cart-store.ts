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
import type { ProductView } from "~/lib/catalog";
import { notify } from "~/lib/toast";

/**
 * The cart in the browser's localStorage (survives reloads, shared between tabs), and whether
 * the cart sheet is open. No provider: any component reads it with useCart().
 */

const KEY = "mml-cart-v1";
/** The name and destination typed in the cart, kept for the next order. */
const DETAILS_KEY = "mml-cart-details-v1";
const EMPTY: CartItem[] = [];
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cached: CartItem[] = EMPTY;
let sheetOpen = false;

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

function write(items: CartItem[]) {
  try {
    if (items.length) window.localStorage.setItem(KEY, JSON.stringify(items));
    else window.localStorage.removeItem(KEY);
  } catch {
    // Private mode or full storage: the cart lives until the page closes.
    cachedRaw = JSON.stringify(items);
    cached = items;
  }
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
