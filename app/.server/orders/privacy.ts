import { timingSafeEqual } from "node:crypto";
import { phoneLast4, type TrackingView } from "../../lib/orders";
import type { Db } from "../db/client";
import { countRateLimits, enforceRateLimits, networkOf, type RateHit, rateEstimate } from "../ratelimit";
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
  /** Tries per network in 15 minutes (TRACKING_UNLOCK_ATTEMPTS). */
  attempts: number;
};

/** How long the wrong tries on one order count, and how often a network may try a guessed-at order. */
const UNLOCK_WRONG_WINDOW_SECONDS = 24 * 3600;
const GUESSED_AT_TRY_SECONDS = 3600;

/**
 * The 4-digit check (third round of attacks, finding 4). Guessing is slowed two ways, in sliding
 * windows (../ratelimit.ts), without ever locking the customer out:
 * - per network (an IPv6 client by its /64): `attempts` tries per 15 minutes;
 * - per order: once it has had more than twice that many wrong tries in the last day, from
 *   anywhere, each network gets one try an hour at it. A stranger's guessing thus slows every
 *   stranger, while the customer, from a network that has not tried this order, still gets her try.
 * Measured (privacy.test.ts, a guesser who tries again the moment it may): one network gets 22
 * guesses in its first hour, then 11 a day, so half of the 10,000 combinations takes it over a
 * year; 100 networks together, about four days; the customer's first try from her own network
 * unlocks after any number of wrong ones from elsewhere (1,000 in the test).
 * Answers the digits confirmed, or null when they are wrong (or the order has no phone or is
 * gone: the same answer). Throws RateLimitedError.
 */
export async function checkPhoneDigits(db: Db, args: DigitCheck & { now: Date }): Promise<string | null> {
  const { now } = args;
  const tn = args.trackingNumber;
  const hits: RateHit[] = [
    { scope: "tracking-unlock", subject: args.clientIp, limit: args.attempts, windowSeconds: 900 },
  ];
  const guessedAt =
    args.attempts > 0 &&
    (await rateEstimate(db, "tracking-unlock-wrong", tn, UNLOCK_WRONG_WINDOW_SECONDS, now)) >
      args.attempts * 2;
  if (guessedAt)
    hits.push({
      scope: "tracking-unlock-order",
      subject: `${tn} ${networkOf(args.clientIp)}`,
      limit: 1,
      windowSeconds: GUESSED_AT_TRY_SECONDS,
    });
  await enforceRateLimits(db, hits, now);
  const expected = phoneLast4(args.found?.phone);
  if (!args.found || !expected || !sameDigits(expected, args.digits)) {
    // Counted, never refused: what it decides is whether the next try from a network is its only one.
    if (args.attempts > 0)
      await countRateLimits(
        db,
        [
          {
            scope: "tracking-unlock-wrong",
            subject: tn,
            limit: Number.MAX_SAFE_INTEGER,
            windowSeconds: UNLOCK_WRONG_WINDOW_SECONDS,
          },
        ],
        now,
      );
    return null;
  }
  return expected;
}

const sameDigits = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
