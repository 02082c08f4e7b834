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
 * Each flash is a cookie of its own, named `mm_flash_{time}{random}`, holding the key. The
 * browser deletes exactly the cookies it showed: deleting by name can never remove a newer
 * flash set meanwhile by the next navigation (a page's view of document.cookie may be stale).
 */
export function flashCookie(key: FlashKey): string {
  const name = `${FLASH_COOKIE}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `${name}=${key}; Path=/; Max-Age=60; SameSite=Lax`;
}

const FLASH_NAME_RE = new RegExp(`^${FLASH_COOKIE}_[a-z0-9]{1,40}$`);

export type ParsedFlash = { key: FlashKey; names: string[] } | null;

/** The flash cookies of a Cookie header: the newest one to show, and every name to clear. */
export function parseFlash(cookieHeader: string | null | undefined): ParsedFlash {
  if (!cookieHeader) return null;
  const found: { name: string; key: FlashKey }[] = [];
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (FLASH_NAME_RE.test(name) && isFlashKey(value)) found.push({ name, key: value });
  }
  if (found.length === 0) return null;
  found.sort((a, b) => a.name.localeCompare(b.name));
  return { key: found[found.length - 1]!.key, names: found.map((f) => f.name) };
}

/** Deletes the flash cookies that were shown, by name. */
export function clearFlashCookies(names: string[]): void {
  for (const name of names) {
    if (!FLASH_NAME_RE.test(name)) continue;
    // biome-ignore lint/suspicious/noDocumentCookie: one-shot, non-sensitive cookies cleared on purpose.
    document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
  }
}
