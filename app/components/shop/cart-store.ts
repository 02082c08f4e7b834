import { useSyncExternalStore } from "react";
import { addToCart, type CartItem, cartItemFor, parseCart, removeFromCart, setQuantity } from "~/lib/cart";
import type { ProductView } from "~/lib/catalog";
import { notify } from "~/lib/toast";

/**
 * The cart in the browser's localStorage (survives reloads, shared between tabs), and whether
 * the cart sheet is open. No provider: any component reads it with useCart().
 */

const KEY = "mml-cart-v1";
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

export const cart = {
  add: (item: Omit<CartItem, "quantity">) => write(addToCart(snapshot(), item)),
  setQuantity: (id: string, quantity: number) => write(setQuantity(snapshot(), id, quantity)),
  remove: (id: string) => write(removeFromCart(snapshot(), id)),
  clear: () => write([]),
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
