import { lt, sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { rateLimits } from "./db/schema";
import { RateLimitedError } from "./errors";

/**
 * Fixed-window rate limits kept in the database, so every instance counts together. Every
 * limit has a scope from this list and a subject (a client address or a conversation id); the
 * row's key is always `{scope}:{subject}`. Sign-in failures are counted apart (auth/login.ts).
 */
export const RATE_SCOPES = [
  /** /seguimiento look-ups and tracking streams opened, per address (orders/tracking.ts). */
  "tracking-lookup",
  /** Visitor chat streams opened per address (chat/http.ts). */
  "chat-stream",
  /** Visitor messages per conversation, per address, new conversations per address (chat/visitor.ts). */
  "chat-conversation",
  "chat-address",
  "chat-new-address",
  /** Contact details saved per conversation (chat/contact.ts). */
  "chat-contact",
  /** The tracking page's push opt-in and opt-out, per address (routes/api/push.order.ts). */
  "push-order",
  /** Contact-form messages delivered into the staff inbox, per address (chat/contact.ts). */
  "contact-address",
] as const;
export type RateScope = (typeof RATE_SCOPES)[number];

export type RateRule = { limit: number; windowSeconds: number };

/**
 * Counts one hit. Returns whether it is allowed and how many seconds remain in the window;
 * a limit of 0 means no limit.
 */
export async function hitRateLimit(
  db: Db,
  scope: RateScope,
  subject: string,
  rule: RateRule & { now?: Date },
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  if (rule.limit <= 0) return { allowed: true, retryAfterSeconds: 0 };
  const now = rule.now ?? new Date();
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const key = `${scope}:${subject}`.slice(0, 200);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
  return { allowed: (row?.count ?? 0) <= rule.limit, retryAfterSeconds };
}

/** The same, throwing RateLimitedError(scope) when the limit is reached. */
export async function enforceRateLimit(
  db: Db,
  scope: RateScope,
  subject: string,
  rule: RateRule & { now?: Date },
): Promise<void> {
  const r = await hitRateLimit(db, scope, subject, rule);
  if (!r.allowed) throw new RateLimitedError(scope, r.retryAfterSeconds);
}

export async function pruneRateLimits(db: Db, olderThanMs = 3600_000): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(Date.now() - olderThanMs)));
}
