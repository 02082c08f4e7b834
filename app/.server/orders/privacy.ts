import { timingSafeEqual } from "node:crypto";
import { phoneLast4, type TrackingView } from "../../lib/orders";
import type { Db } from "../db/client";
import { enforceRateLimits } from "../ratelimit";
import type { TrackedOrder } from "./orders";

/**
 * Tracking is private by default (docs/product.md §2.9): a look-up by number alone shows the
 * public view; the delivery details need the last 4 digits of the order's phone, confirmed once
 * on a device and remembered there in a signed cookie (app/.server/http/tracking-unlock.ts).
 */

/** An order a device unlocked: its tracking number and the digits confirmed. */
export type Unlocked = { tn: string; d: string };

/**
 * What one visitor sees of a tracked order: always the public view; the delivery details (full
 * name, address, phone) when the order has no phone to check against, when the admin chose to
 * show them to everyone, or when this device confirmed the last 4 digits of the order's phone.
 */
export function trackingViewFor(found: TrackedOrder, unlocks: readonly Unlocked[]): TrackingView {
  const digits = phoneLast4(found.phone);
  const open =
    !digits ||
    found.showDeliveryDetails ||
    unlocks.some((u) => u.tn === found.view.trackingNumber && u.d === digits);
  return { ...found.view, delivery: open ? found.delivery : null, locked: !open };
}

/** A visitor's 4 digits for an order (`found`: the order, or null when the number finds none). */
export type DigitCheck = {
  found: TrackedOrder | null;
  trackingNumber: string;
  digits: string;
  clientIp: string;
  /** Tries per address in 15 minutes (TRACKING_UNLOCK_ATTEMPTS). */
  attempts: number;
};

/**
 * The 4-digit check: counted per client address (`attempts` per 15 minutes) and per order (twice
 * that per hour, from every address together), so guessing 10,000 combinations takes months.
 * Answers the digits confirmed, or null when they are wrong (or the order has no phone or is
 * gone: the same answer). Throws RateLimitedError.
 */
export async function checkPhoneDigits(db: Db, args: DigitCheck & { now: Date }): Promise<string | null> {
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
    args.now,
  );
  const expected = phoneLast4(args.found?.phone);
  if (!args.found || !expected || !sameDigits(expected, args.digits)) return null;
  return expected;
}

const sameDigits = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
