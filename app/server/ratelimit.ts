import { lt, sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { rateLimits } from "./db/schema";

/**
 * Fixed-window rate limit kept in the database, so every instance counts together.
 * Returns whether this hit is allowed and how many seconds remain in the window.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  opts: { limit: number; windowSeconds: number; now?: Date },
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  if (opts.limit <= 0) return { allowed: true, retryAfterSeconds: 0 };
  const now = opts.now ?? new Date();
  const windowMs = opts.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: key.slice(0, 200), windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
  return { allowed: (row?.count ?? 0) <= opts.limit, retryAfterSeconds };
}

export async function pruneRateLimits(db: Db, olderThanMs = 3600_000): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(Date.now() - olderThanMs)));
}
