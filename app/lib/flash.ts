import type { ToastMessage } from "./toast";

/**
 * Toasts that survive a redirect. The server sets a short-lived cookie holding one of these
 * keys (never free text, so nobody can plant a message: app/.server/http/cookies.ts); the root
 * loader reads and clears it, and the root shows the toast once.
 */

export const FLASH_TOASTS = {
  // The spec's words for every role (docs/product.md §3.1): the staff area is the
  // administration panel, the operador's inbox included.
  "login-ok": { title: "Acceso concedido", description: "Bienvenido al panel de administración." },
  "logout-ok": { title: "Sesión Cerrada", description: "Has cerrado sesión correctamente." },
  // A password chosen through an invitation or a reset link (/admin/clave/:token), which signs in.
  "password-set": {
    title: "Contraseña guardada",
    description: "Ya entraste al panel. La próxima vez, inicia sesión con tu correo y esta contraseña.",
  },
  unauthorized: {
    title: "Acceso Denegado",
    description: "No tienes permiso para acceder a esta sección.",
    variant: "destructive",
  },
  "logout-failed": {
    title: "Error al Cerrar Sesión",
    description: "No se pudo cerrar la sesión.",
    variant: "destructive",
  },
  "session-expired": {
    title: "Sesión expirada",
    description: "Tu sesión ha expirado. Por favor, inicia sesión de nuevo.",
  },
  // The cart without scripts (/carrito's action, app/lib/cart-lines.ts): what a post did.
  "cart-added": { title: "Añadido al carrito", description: "Puedes seguir comprando o ver tu carrito." },
  "cart-limit": {
    title: "No hay más unidades",
    description: "Ya tienes en el carrito todas las unidades disponibles de este producto.",
    variant: "warning",
  },
  "cart-full": {
    title: "Carrito lleno",
    description: "Tu carrito ya tiene 50 productos: envía este pedido y empieza otro.",
    variant: "warning",
  },
  "cart-unavailable": {
    title: "Producto no disponible",
    description: "Este producto se agotó o ya no está en la tienda.",
    variant: "destructive",
  },
  "cart-updated": { title: "Carrito actualizado" },
  "cart-removed": { title: "Producto quitado del carrito" },
  "cart-cleared": { title: "Carrito vaciado" },
} as const satisfies Record<string, ToastMessage>;

export type FlashKey = keyof typeof FLASH_TOASTS;

export function isFlashKey(value: unknown): value is FlashKey {
  return typeof value === "string" && Object.hasOwn(FLASH_TOASTS, value);
}
