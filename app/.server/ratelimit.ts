import { lt, type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "./db/client";
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
  /** The tracking page's 4-digit check: tries per address, and per order (orders/tracking.ts). */
  "tracking-unlock",
  "tracking-unlock-order",
  /** Visitor chat streams opened per address (http/visitor-chat.ts). */
  "chat-stream",
  /** Visitor messages per conversation, per address, new conversations per address (chat/visitor.ts). */
  "chat-conversation",
  "chat-address",
  "chat-new-address",
  /** Contact details saved per conversation (chat/contact.ts). */
  "chat-contact",
  /** The tracking page's push opt-in and opt-out, per address, and new subscriptions per address (routes/api/push.order.ts). */
  "push-order",
  "push-subscribe",
  /** Anonymous chat photos, in kilobytes per hour: per conversation, per address, in all (chat/visitor.ts). */
  "chat-photo-conversation",
  "chat-photo-address",
  "chat-photo-all",
  /** Checks of a staff member's current password ('Mi cuenta'), per person (staff/staff-admin.ts). */
  "password-check",
  /** Contact-form messages delivered into the staff inbox, per address (chat/contact.ts). */
  "contact-address",
] as const;
export type RateScope = (typeof RATE_SCOPES)[number];

export type RateRule = { limit: number; windowSeconds: number };
/** One rule applied to one subject; `cost` (default 1) is what the hit counts for (e.g. kilobytes). */
export type RateHit = RateRule & { scope: RateScope; subject: string; cost?: number };
export type RateRefusal = { scope: RateScope; retryAfterSeconds: number };

/**
 * Counts one hit on each rule, in order and in one statement (one round trip however many rules):
 * the first rule that refuses stops the count there, the later ones are not counted, exactly as
 * counting them one at a time and stopping at the first refusal would. Returns that refusal, or
 * null when every rule allows the hit. A rule with a limit of 0 means no limit and is not counted.
 */
export async function countRateLimits(
  db: Db,
  hits: RateHit[],
  now = new Date(),
): Promise<RateRefusal | null> {
  const count = rateLimitCount(hits, now);
  if (!count) return null;
  const [row] = rowsOf<Record<string, number | null>>(
    await db.execute(sql`with ${sql.join(count.steps, sql`, `)} select ${count.counts}`),
  );
  return count.refusal(row);
}

/**
 * countRateLimits as parts of a larger statement, which can then write only what the limits allow
 * (chat/visitor.ts): `steps`, the CTEs that count (named h0, h1…); `counts`, the select list that
 * reads them; `allowed`, true when every rule allowed the hit; `refusal`, countRateLimits' answer
 * from the row that list was read into. With `gate`, nothing is counted unless it holds.
 * Null when no rule has a limit.
 */
export function rateLimitCount(hits: RateHit[], now: Date, gate?: SQL) {
  const counted = hits.filter((h) => h.limit > 0).map((h) => ({ ...h, ...rateWindow(h, now) }));
  if (counted.length === 0) return null;
  if (new Set(counted.map((h) => h.key)).size < counted.length)
    throw new Error("one rate limit counted twice");
  // h0 upserts the first row; each next hN upserts its row only if h(N-1)'s count is within its
  // limit (a data-modifying CTE runs once, and hN's condition makes h(N-1) run before it).
  const steps = counted.map((h, i) => {
    const values = sql`${h.key}, ${h.windowStart.toISOString()}::timestamptz, ${costOf(h)}::int`;
    const row =
      i === 0
        ? gate
          ? sql`select ${values} where ${gate}`
          : sql`values (${values})`
        : sql`select ${values} where (select "count" from ${step(i - 1)}) <= ${counted[i - 1]?.limit}`;
    return sql`${step(i)} as (
      insert into ${rateLimits} ("key", "window_start", "count") ${row}
      on conflict ("key", "window_start") do update set "count" = ${rateLimits.count} + ${costOf(h)}::int
      returning "count")`;
  });
  const last = counted.length - 1;
  return {
    steps,
    counts: sql.join(
      counted.map((_, i) => sql`(select "count" from ${step(i)}) as ${step(i)}`),
      sql`, `,
    ),
    // The last rule counted only if every earlier one allowed: its count within its limit is all of them.
    allowed: sql`coalesce((select "count" from ${step(last)}) <= ${counted[last]?.limit}, false)`,
    refusal(row: Record<string, unknown> | undefined): RateRefusal | null {
      for (const [i, h] of counted.entries()) {
        const count = row?.[`h${i}`];
        if (count === null || count === undefined) break;
        if (Number(count) > h.limit) return { scope: h.scope, retryAfterSeconds: h.retryAfterSeconds };
      }
      return null;
    },
  };
}

const step = (i: number) => sql.identifier(`h${i}`);
const costOf = (h: RateHit) => Math.max(1, Math.ceil(h.cost ?? 1));

/** The row a hit counts on (`{scope}:{subject}` in the current fixed window) and the seconds left in it. */
function rateWindow(h: RateHit, now: Date) {
  const windowMs = h.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
  return { key: `${h.scope}:${h.subject}`.slice(0, 200), windowStart, retryAfterSeconds };
}

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
  const hit = { scope, subject, limit: rule.limit, windowSeconds: rule.windowSeconds };
  if (hit.limit <= 0) return { allowed: true, retryAfterSeconds: 0 };
  const now = rule.now ?? new Date();
  const refused = await countRateLimits(db, [hit], now);
  return { allowed: !refused, retryAfterSeconds: rateWindow(hit, now).retryAfterSeconds };
}

/** The same, throwing RateLimitedError(scope) when the limit is reached. */
export async function enforceRateLimit(
  db: Db,
  scope: RateScope,
  subject: string,
  rule: RateRule & { now?: Date },
): Promise<void> {
  await enforceRateLimits(
    db,
    [{ scope, subject, limit: rule.limit, windowSeconds: rule.windowSeconds }],
    rule.now,
  );
}

/** countRateLimits, throwing RateLimitedError(scope) for the first rule that refuses. */
export async function enforceRateLimits(db: Db, hits: RateHit[], now = new Date()): Promise<void> {
  const refused = await countRateLimits(db, hits, now);
  if (refused) throw new RateLimitedError(refused.scope, refused.retryAfterSeconds);
}

export async function pruneRateLimits(db: Db, olderThanMs = 3600_000): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(Date.now() - olderThanMs)));
}
