import { randomInt } from "node:crypto";
import type { Db } from "../db/client";
import { enforceRateLimit } from "../ratelimit";

// Without O, 0, I and 1, which a customer reading a label or a phone's screen cannot tell apart
// (older numbers may hold them: the look-up reads O as 0 and I as 1, meantTrackingNumber).
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** TRK-{year}-{6 random uppercase letters or digits}, from a cryptographic source (docs/product.md §4.2). */
export function generateTrackingNumber(now: Date = new Date()): string {
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `TRK-${now.getFullYear()}-${suffix}`;
}

/**
 * The one place tracking look-ups are rate-limited, per client address, so tracking numbers
 * cannot be enumerated: the /seguimiento look-up and the opening of an order's live stream
 * count together against TRACKING_LOOKUPS_PER_MINUTE (0 = no limit). Throws
 * RateLimitedError("tracking-lookup").
 */
export function limitTrackingLookups(db: Db, clientIp: string, lookupsPerMinute: number): Promise<void> {
  return enforceRateLimit(db, "tracking-lookup", clientIp, { limit: lookupsPerMinute, windowSeconds: 60 });
}
