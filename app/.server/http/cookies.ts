import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { type FlashKey, isFlashKey } from "../../lib/flash";

/**
 * Every cookie the site sets, made with React Router's `createCookie` (one parser, one
 * serializer): the staff session token and the one-shot flash toast. Visitors get no cookie.
 */

/** The staff session: a random token whose SHA-256 names the row in `sessions`. */
const sessionToken = createCookie("mm_session", { httpOnly: true, sameSite: "lax", path: "/" });

export async function readSessionToken(cookieHeader: string | null | undefined): Promise<string | null> {
  const value = await sessionToken.parse(cookieHeader ?? null);
  return typeof value === "string" && value.length > 0 && value.length <= 200 ? value : null;
}

/** Set-Cookie for a new or renewed session. `secure` when the request came over HTTPS. */
export function sessionSetCookie(token: string, opts: { expiresAt: Date; secure: boolean }): Promise<string> {
  const maxAge = Math.max(0, Math.floor((opts.expiresAt.getTime() - Date.now()) / 1000));
  return sessionToken.serialize(token, { maxAge, secure: opts.secure });
}

export function sessionClearCookie(secure: boolean): Promise<string> {
  return sessionToken.serialize("", { maxAge: 0, secure });
}

/**
 * One-shot toasts that survive a redirect (login, logout, 'Acceso Denegado'). The cookie holds
 * a key of the fixed catalogue in app/lib/flash.ts, never free text, so nobody can plant a
 * message. The root loader reads it and clears it in the same response.
 */
const flash = createCookie("mm_flash", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

export type Flash = { key: FlashKey; id: string };

export function flashSetCookie(key: FlashKey): Promise<string> {
  return flash.serialize({ key, id: randomBytes(6).toString("hex") } satisfies Flash);
}

/** The flash of a request, if any, and the Set-Cookie header that consumes it. */
export async function consumeFlash(
  cookieHeader: string | null,
): Promise<{ flash: Flash | null; setCookie: string | null }> {
  const value = (await flash.parse(cookieHeader)) as Partial<Flash> | string | null;
  if (value === null) return { flash: null, setCookie: null };
  const setCookie = await flash.serialize("", { maxAge: 0 });
  if (typeof value !== "object" || !isFlashKey(value.key) || typeof value.id !== "string") {
    return { flash: null, setCookie };
  }
  return { flash: { key: value.key, id: value.id.slice(0, 32) }, setCookie };
}
