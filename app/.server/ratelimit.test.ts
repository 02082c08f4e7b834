import { like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "./db/schema";
import { RateLimitedError } from "./errors";
import { countRateLimits, enforceRateLimits, hitRateLimit, type RateHit } from "./ratelimit";
import { setupTestDatabase } from "./testing/setup";

const h = setupTestDatabase();

/** The stored counts of each key starting with `prefix`, by key (one per window, oldest first). */
async function counts(prefix: string): Promise<Record<string, number[]>> {
  const rows = await h.db
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(like(rateLimits.key, `${prefix}%`))
    .orderBy(rateLimits.key, rateLimits.windowStart);
  const out: Record<string, number[]> = {};
  for (const r of rows) out[r.key] = [...(out[r.key] ?? []), r.count];
  return out;
}

describe("rate limits", () => {
  const now = new Date("2026-01-05T10:00:20Z");

  it("counts one hit per window and refuses beyond the limit, with the seconds left in the window", async () => {
    const rule = { limit: 2, windowSeconds: 60, now };
    expect(await hitRateLimit(h.db, "push-order", "1.1.1.1", rule)).toEqual({
      allowed: true,
      retryAfterSeconds: 40,
    });
    expect((await hitRateLimit(h.db, "push-order", "1.1.1.1", rule)).allowed).toBe(true);
    expect(await hitRateLimit(h.db, "push-order", "1.1.1.1", rule)).toEqual({
      allowed: false,
      retryAfterSeconds: 40,
    });
    const next = new Date("2026-01-05T10:01:00Z");
    expect((await hitRateLimit(h.db, "push-order", "1.1.1.1", { ...rule, now: next })).allowed).toBe(true);
    expect((await hitRateLimit(h.db, "push-order", "2.2.2.2", rule)).allowed).toBe(true);
    expect(await hitRateLimit(h.db, "push-order", "3.3.3.3", { ...rule, limit: 0 })).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
    });
    expect(await counts("push-order:")).toEqual({ "push-order:1.1.1.1": [3, 1], "push-order:2.2.2.2": [1] });
  });

  it("counts several rules in order in one statement and stops counting at the first refusal", async () => {
    const hits: RateHit[] = [
      { scope: "chat-address", subject: "9.9.9.9", limit: 3, windowSeconds: 60 },
      { scope: "chat-new-address", subject: "9.9.9.9", limit: 0, windowSeconds: 3600 },
      { scope: "chat-conversation", subject: "conv-a", limit: 1, windowSeconds: 60 },
    ];
    expect(await countRateLimits(h.db, hits, now)).toBeNull();
    // The conversation's limit refuses: the address was counted, the conversation too.
    expect(await countRateLimits(h.db, hits, now)).toEqual({
      scope: "chat-conversation",
      retryAfterSeconds: 40,
    });
    expect(await countRateLimits(h.db, hits, now)).toEqual({
      scope: "chat-conversation",
      retryAfterSeconds: 40,
    });
    // The address refuses: the conversation is not counted any more.
    const refused = await enforceRateLimits(h.db, hits, now).catch((e) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused).toMatchObject({ reason: "chat-address" });
    expect({
      ...(await counts("chat-address:9.9.9.9")),
      ...(await counts("chat-conversation:conv-a")),
    }).toEqual({
      "chat-address:9.9.9.9": [4],
      "chat-conversation:conv-a": [3],
    });
    expect(await counts("chat-new-address:9.9.9.9")).toEqual({});
  });
});
