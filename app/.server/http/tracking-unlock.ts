import type { Db } from "../db/client";
import { checkPhoneDigits, type DigitCheck } from "../orders/privacy";
import { serverSecret } from "../secrets";
import { readTrackingUnlocks, type TrackingUnlock, trackingUnlockSetCookie } from "./cookies";

/**
 * The tracking page's memory of the orders a device unlocked (docs/product.md §2.9): the signed
 * cookie of cookies.ts, read from a request and renewed after a right 4-digit check
 * (checkPhoneDigits in app/.server/orders/privacy.ts).
 */

const UNLOCK_SECRET = "tracking-unlock";

/** The orders this request's device unlocked (its signed cookie). */
export async function trackingUnlocksOf(db: Db, request: Request): Promise<TrackingUnlock[]> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("mm_track=")) return [];
  return readTrackingUnlocks(header, await serverSecret(db, UNLOCK_SECRET));
}

/**
 * The 4-digit check of a request: the Set-Cookie that remembers the order on this device, or null
 * when the digits are wrong. Throws RateLimitedError.
 */
export async function unlockTracking(
  db: Db,
  args: DigitCheck & { request: Request; now?: Date },
): Promise<string | null> {
  const { request, now = new Date(), ...check } = args;
  const confirmed = await checkPhoneDigits(db, { ...check, now });
  if (!confirmed || !args.found) return null;
  const secret = await serverSecret(db, UNLOCK_SECRET);
  const current = await trackingUnlocksOf(db, request);
  const secure = new URL(request.url).protocol === "https:";
  return trackingUnlockSetCookie(
    current,
    { tn: args.found.view.trackingNumber, d: confirmed, at: now.getTime() },
    secret,
    secure,
  );
}
