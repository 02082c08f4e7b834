import { timingSafeEqual } from "node:crypto";
import { phoneLast4, type TrackingView } from "../../lib/orders";
import type { Db } from "../db/client";
import { readTrackingUnlocks, type TrackingUnlock, trackingUnlockSetCookie } from "../http/cookies";
import { enforceRateLimits } from "../ratelimit";
import { serverSecret } from "../secrets";
import type { TrackedOrder } from "./orders";

/**
 * Tracking is private by default (docs/product.md §2.9): a look-up by number alone shows the
 * public view; the delivery details need the last 4 digits of the order's phone, confirmed once
 * on a device and remembered there in a signed cookie (app/.server/http/cookies.ts).
 */

/**
 * What one visitor sees of a tracked order: always the public view; the delivery details (full
 * name, address, phone) when the order has no phone to check against, when the admin chose to
 * show them to everyone, or when this device confirmed the last 4 digits of the order's phone.
 */
export function trackingViewFor(found: TrackedOrder, unlocks: TrackingUnlock[]): TrackingView {
  const digits = phoneLast4(found.phone);
  const open =
    !digits ||
    found.showDeliveryDetails ||
    unlocks.some((u) => u.tn === found.view.trackingNumber && u.d === digits);
  return { ...found.view, delivery: open ? found.delivery : null, locked: !open };
}

const UNLOCK_SECRET = "tracking-unlock";

/** The orders this request's device unlocked (its signed cookie). */
export async function trackingUnlocksOf(db: Db, request: Request): Promise<TrackingUnlock[]> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("mm_track=")) return [];
  return readTrackingUnlocks(header, await serverSecret(db, UNLOCK_SECRET));
}

/**
 * The 4-digit check: counted per client address (`attempts` per 15 minutes) and per order (twice
 * that per hour, from every address together), so guessing 10,000 combinations takes months.
 * Answers the Set-Cookie that remembers the order on this device, or null when the digits are
 * wrong (or the order has no phone or is gone: the same answer). Throws RateLimitedError.
 */
export async function unlockTracking(
  db: Db,
  args: {
    found: TrackedOrder | null;
    trackingNumber: string;
    digits: string;
    clientIp: string;
    attempts: number;
    request: Request;
    now?: Date;
  },
): Promise<string | null> {
  const now = args.now ?? new Date();
  await enforceRateLimits(
    db,
    [
      { scope: "tracking-unlock", subject: args.clientIp, limit: args.attempts, windowSeconds: 900 },
      {
        scope: "tracking-unlock-order",
        subject: args.trackingNumber,
        limit: args.attempts * 2,
        windowSeconds: 3600,
      },
    ],
    now,
  );
  const expected = phoneLast4(args.found?.phone);
  if (!args.found || !expected || !sameDigits(expected, args.digits)) return null;
  const secret = await serverSecret(db, UNLOCK_SECRET);
  const current = await trackingUnlocksOf(db, args.request);
  const secure = new URL(args.request.url).protocol === "https:";
  return trackingUnlockSetCookie(
    current,
    { tn: args.found.view.trackingNumber, d: expected, at: now.getTime() },
    secret,
    secure,
  );
}

const sameDigits = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
