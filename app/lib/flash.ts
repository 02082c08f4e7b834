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

/**
 * The cookie value is '{key}.{nonce}': the browser clears it only if it still holds the value it
 * showed, so a page being left cannot wipe a newer flash set by the next navigation.
 */
export function flashCookie(key: FlashKey): string {
  const nonce = Math.random().toString(36).slice(2, 10);
  return `${FLASH_COOKIE}=${key}.${nonce}; Path=/; Max-Age=60; SameSite=Lax`;
}

export function parseFlash(value: string | null | undefined): { key: FlashKey; value: string } | null {
  if (!value) return null;
  const key = value.split(".")[0];
  return isFlashKey(key) ? { key, value } : null;
}

/** Clears the flash cookie in the browser if it still holds `value`. */
export function clearFlashIfUnchanged(value: string): void {
  const current = document.cookie
    .split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${FLASH_COOKIE}=`));
  // biome-ignore lint/suspicious/noDocumentCookie: a one-shot, non-sensitive cookie cleared on purpose.
  if (current === `${FLASH_COOKIE}=${value}`) document.cookie = CLEAR_FLASH_COOKIE;
}

export const CLEAR_FLASH_COOKIE = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
