import { and, eq, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import { type Db, rowsOf } from "./db/client";
import { rateLimits } from "./db/schema";
import { RateLimitedError } from "./errors";

/**
 * Sliding-window rate limits kept in the database, so every instance counts together. Every
 * limit has a scope from this list and a subject (a client address, counted by its network, or a
 * conversation id…); the row's key is always `{scope}:{subject}`, one row per fixed window, of
 * which a hit reads the current and the previous one (rateLimitCount). Sign-in failures are
 * counted apart (auth/login.ts).
 */
export const RATE_SCOPES = [
  /** /seguimiento look-ups and tracking streams opened, per address (orders/tracking.ts). */
  "tracking-lookup",
  /**
   * The tracking page's 4-digit check (orders/privacy.ts): tries per network; wrong tries per order;
   * while an order is being guessed at, tries per order and network.
   */
  "tracking-unlock",
  "tracking-unlock-wrong",
  "tracking-unlock-order",
  /** Visitor chat streams opened per address (http/visitor-chat.ts). */
  "chat-stream",
  /** Visitor messages per conversation, per address, new conversations per address (chat/visitor.ts). */
  "chat-conversation",
  "chat-address",
  "chat-new-address",
  /** Contact details saved per conversation (chat/contact.ts). */
  "chat-contact",
  /** Pages a visitor with a conversation reports opening, per conversation (chat/visitor-context.ts). */
  "chat-page",
  /** 'Enviarme la conversación' per conversation and per address (chat/transcript.ts). */
  "chat-transcript",
  "chat-transcript-address",
  /** '¿Cómo te atendimos?' answers tried per conversation (chat/rating.ts). */
  "chat-rating",
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
  /** '¿Olvidaste tu contraseña?' requests per address and per e-mail asked about (staff/staff-links.ts). */
  "password-link-address",
  "password-link-email",
  /** E-mail notices asked for on the tracking page, per address and per order (orders/mail-notices.ts). */
  "order-mail-address",
  "order-mail-order",
] as const;
export type RateScope = (typeof RATE_SCOPES)[number];

/** The scopes whose subject is a client's address: they count by its network (networkOf). */
const PER_NETWORK_SCOPES = new Set<RateScope>([
  "tracking-lookup",
  "tracking-unlock",
  "chat-stream",
  "chat-address",
  "chat-new-address",
  "chat-transcript-address",
  "push-order",
  "push-subscribe",
  "chat-photo-address",
  "contact-address",
  "password-link-address",
  "order-mail-address",
]);

/**
 * What per-client limits count by: the network a client address belongs to. An IPv4 address is
 * its own network (an IPv4-mapped IPv6 address is that IPv4 address); an IPv6 address counts as
 * its /64, the block one home or phone connection is given and in which it may use any of 2^64
 * addresses: counted one by one, one phone escaped every limit (third round of attacks, finding 1).
 * Anything else (a Unix socket, "unknown") is its own network.
 */
export function networkOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toRFC5952String()}/64`;
}

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
 *
 * Windows slide: a hit is measured against this window's count plus the previous window's, weighed
 * by how much of it still lies within one window's length of now (the usual sliding-window
 * estimate). Fixed windows let twice a limit through around a window's edge: 40 guesses of the
 * tracking page's 4 digits in 17 s where 20 were meant (third round of attacks, finding 4).
 */
export function rateLimitCount(hits: RateHit[], now: Date, gate?: SQL) {
  const counted = hits.filter((h) => h.limit > 0).map((h) => ({ ...h, ...rateWindow(h, now) }));
  if (counted.length === 0) return null;
  if (new Set(counted.map((h) => h.key)).size < counted.length)
    throw new Error("one rate limit counted twice");
  // h0 upserts the first row; each next hN upserts its row only if rule N-1 allowed the hit (a
  // data-modifying CTE runs once, and hN's condition makes h(N-1) run before it). pN reads rule
  // N's previous window.
  const estimate = (i: number) =>
    sql`((select "count" from ${step(i)}) + coalesce((select "count" from ${prev(i)}), 0) * ${counted[i]?.previousWeight ?? 0}::float8)`;
  const steps = counted.flatMap((h, i) => {
    const values = sql`${h.key}, ${h.windowStart.toISOString()}::timestamptz, ${costOf(h)}::int`;
    const row =
      i === 0
        ? gate
          ? sql`select ${values} where ${gate}`
          : sql`values (${values})`
        : sql`select ${values} where ${estimate(i - 1)} <= ${counted[i - 1]?.limit}`;
    return [
      sql`${prev(i)} as (
      select "count" from ${rateLimits} where "key" = ${h.key} and "window_start" = ${h.previousStart.toISOString()}::timestamptz)`,
      sql`${step(i)} as (
      insert into ${rateLimits} ("key", "window_start", "count") ${row}
      on conflict ("key", "window_start") do update set "count" = ${rateLimits.count} + ${costOf(h)}::int
      returning "count")`,
    ];
  });
  const last = counted.length - 1;
  return {
    steps,
    counts: sql.join(
      counted.map(
        (_, i) =>
          sql`(select "count" from ${step(i)}) as ${step(i)}, (select "count" from ${prev(i)}) as ${prev(i)}`,
      ),
      sql`, `,
    ),
    // The last rule counted only if every earlier one allowed: its estimate within its limit is all of them.
    allowed: sql`coalesce(${estimate(last)} <= ${counted[last]?.limit}, false)`,
    refusal(row: Record<string, unknown> | undefined): RateRefusal | null {
      for (const [i, h] of counted.entries()) {
        const current = row?.[`h${i}`];
        if (current === null || current === undefined) break;
        const refused = slidingRefusal(h, Number(current), Number(row?.[`p${i}`] ?? 0));
        if (refused !== null) return { scope: h.scope, retryAfterSeconds: refused };
      }
      return null;
    },
  };
}

const step = (i: number) => sql.identifier(`h${i}`);
const prev = (i: number) => sql.identifier(`p${i}`);
const costOf = (h: RateHit) => Math.max(1, Math.ceil(h.cost ?? 1));

/**
 * The row a hit counts on (`{scope}:{subject}` in the current fixed window, a per-client scope's
 * subject as its network), the previous window's start and the weight its count still has.
 */
function rateWindow(h: RateHit, now: Date) {
  const windowMs = h.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const subject = PER_NETWORK_SCOPES.has(h.scope) ? networkOf(h.subject) : h.subject;
  return {
    key: `${h.scope}:${subject}`.slice(0, 200),
    windowStart: new Date(start),
    previousStart: new Date(start - windowMs),
    elapsed: (now.getTime() - start) / windowMs,
    previousWeight: 1 - (now.getTime() - start) / windowMs,
  };
}

/**
 * Null when `current` (this window's count, this hit included) and `previous` keep the estimate
 * within the limit; else the seconds until one more hit would be allowed, if nothing more came.
 */
function slidingRefusal(h: RateHit & { elapsed: number }, current: number, previous: number): number | null {
  if (current + previous * (1 - h.elapsed) <= h.limit) return null;
  // Still in this window while the previous one's weight falls far enough; else in the next one,
  // while this window's count, now the previous, falls.
  const room = h.limit - current - 1;
  const waitWindows =
    room >= 0 && previous > 0
      ? (previous * (1 - h.elapsed) - room) / previous
      : 1 - h.elapsed + Math.max(0, 1 - (h.limit - 1) / current);
  // Less a hair: 80.00000001 s of floating point is 80 s.
  return Math.max(1, Math.ceil(waitWindows * h.windowSeconds - 1e-6));
}

/** The sliding estimate of `subject`'s hits in `scope` now (its window and the previous one), counting nothing. */
export async function rateEstimate(
  db: Db,
  scope: RateScope,
  subject: string,
  windowSeconds: number,
  now = new Date(),
): Promise<number> {
  const w = rateWindow({ scope, subject, limit: 1, windowSeconds }, now);
  const rows = await db
    .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, w.key), inArray(rateLimits.windowStart, [w.windowStart, w.previousStart])));
  const countAt = (start: Date) => rows.find((r) => r.windowStart.getTime() === start.getTime())?.count ?? 0;
  return countAt(w.windowStart) + countAt(w.previousStart) * w.previousWeight;
}

/**
 * Counts one hit. Returns whether it is allowed and, when it is not, the seconds until it would
 * be; a limit of 0 means no limit.
 */
export async function hitRateLimit(
  db: Db,
  scope: RateScope,
  subject: string,
  rule: RateRule & { now?: Date },
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const hit = { scope, subject, limit: rule.limit, windowSeconds: rule.windowSeconds };
  if (hit.limit <= 0) return { allowed: true, retryAfterSeconds: 0 };
  const refused = await countRateLimits(db, [hit], rule.now ?? new Date());
  return { allowed: !refused, retryAfterSeconds: refused?.retryAfterSeconds ?? 0 };
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

/**
 * Removes windows no limit reads any more: a window is read while it or the next is current, and
 * the longest are the order's wrong tries at the tracking page's check (a day, orders/privacy.ts);
 * every other window is an hour at most.
 */
export async function pruneRateLimits(db: Db, now = Date.now()): Promise<void> {
  const longKeys = sql`${rateLimits.key} like ${"tracking-unlock-wrong:%"}`;
  await db
    .delete(rateLimits)
    .where(
      or(
        and(sql`not ${longKeys}`, lt(rateLimits.windowStart, new Date(now - 2 * 3600_000))),
        lt(rateLimits.windowStart, new Date(now - 2 * 24 * 3600_000)),
      ),
    );
}
