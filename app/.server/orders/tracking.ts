import { randomInt } from "node:crypto";
import type { Db } from "../db/client";
import { enforceRateLimit } from "../ratelimit";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** TRK-{year}-{6 random uppercase letters or digits}, from a cryptographic source (docs/product.md §4.2). */
export function generateTrackingNumber(now: Date = new Date()): string {
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `TRK-${now.getFullYear()}-${suffix}`;
}

/** Live tracking streams one address may open per minute (a page reload opens one). */
export const TRACKING_STREAMS_PER_MINUTE = 60;

/**
 * The one place tracking look-ups are rate-limited, per client address, so tracking numbers
 * cannot be enumerated: the /seguimiento look-up (TRACKING_LOOKUPS_PER_MINUTE, 0 = no limit) and
 * the live stream of a tracked order. Throws RateLimitedError("tracking-lookup" | "tracking-stream").
 */
export function limitTrackingLookups(
  db: Db,
  kind: "lookup" | "stream",
  clientIp: string,
  lookupsPerMinute: number,
): Promise<void> {
  const limit = kind === "lookup" ? lookupsPerMinute : TRACKING_STREAMS_PER_MINUTE;
  return enforceRateLimit(db, `tracking-${kind}`, clientIp, { limit, windowSeconds: 60 });
}
