import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { type FlashKey, isFlashKey } from "../../lib/flash";

/**
 * Every cookie the site sets, made with React Router's `createCookie` (one parser, one
 * serializer): the staff session token, the one-shot flash toast, and the tracking page's memory
 * of the orders whose phone digits a visitor confirmed (the only cookie a visitor may get).
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

/**
 * The tracking page remembers, on this device, the orders whose last 4 phone digits the visitor
 * confirmed (docs/product.md §2.9): tracking number, the digits confirmed (a changed phone locks
 * the order again) and when. Signed with a key the server keeps (app/.server/secrets.ts), so it
 * cannot be written by hand; httpOnly, so scripts cannot read it.
 */
export type TrackingUnlock = { tn: string; d: string; at: number };
export const TRACKING_UNLOCK_DAYS = 90;
const TRACKING_UNLOCKS_KEPT = 20;

const trackingCookie = (secret: string) =>
  createCookie("mm_track", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [secret],
    maxAge: TRACKING_UNLOCK_DAYS * 24 * 3600,
  });

const isUnlock = (v: unknown): v is TrackingUnlock => {
  const u = v as Partial<TrackingUnlock> | null;
  return (
    !!u &&
    typeof u.tn === "string" &&
    u.tn.length <= 40 &&
    typeof u.d === "string" &&
    /^\d{4}$/.test(u.d) &&
    typeof u.at === "number"
  );
};

/** The orders this device unlocked, still within their days (a bad or unsigned cookie: none). */
export async function readTrackingUnlocks(
  cookieHeader: string | null,
  secret: string,
  now = Date.now(),
): Promise<TrackingUnlock[]> {
  if (!cookieHeader?.includes("mm_track=")) return [];
  const value = (await trackingCookie(secret)
    .parse(cookieHeader)
    .catch(() => null)) as unknown;
  if (!Array.isArray(value)) return [];
  const oldest = now - TRACKING_UNLOCK_DAYS * 24 * 3600_000;
  return value.filter(isUnlock).filter((u) => u.at > oldest && u.at <= now + 60_000);
}

/** Set-Cookie that adds (or renews) one order to what this device unlocked; the newest 20 are kept. */
export function trackingUnlockSetCookie(
  current: TrackingUnlock[],
  added: TrackingUnlock,
  secret: string,
  secure: boolean,
): Promise<string> {
  const list = [added, ...current.filter((u) => u.tn !== added.tn)].slice(0, TRACKING_UNLOCKS_KEPT);
  return trackingCookie(secret).serialize(list, { secure });
}
