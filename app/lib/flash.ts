import type { ToastMessage } from "./toast";

/**
 * Toasts that survive a redirect. The server sets a short-lived cookie holding one of these
 * keys (never free text, so nobody can plant a message); the root shows it once and clears it.
 */
export const FLASH_COOKIE = "mm_flash";

export const FLASH_TOASTS = {
  "login-ok": { title: "Acceso concedido", description: "Bienvenido al panel de administración." },
  "logout-ok": { title: "Sesión Cerrada", description: "Has cerrado sesión correctamente." },
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
} as const satisfies Record<string, ToastMessage>;

export type FlashKey = keyof typeof FLASH_TOASTS;

export function isFlashKey(value: unknown): value is FlashKey {
  return typeof value === "string" && Object.hasOwn(FLASH_TOASTS, value);
}

export function flashCookie(key: FlashKey): string {
  return `${FLASH_COOKIE}=${key}; Path=/; Max-Age=60; SameSite=Lax`;
}

export const CLEAR_FLASH_COOKIE = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
