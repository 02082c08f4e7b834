import { like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "./db/schema";
import { RateLimitedError } from "./errors";
import { countRateLimits, enforceRateLimits, hitRateLimit, networkOf, type RateHit } from "./ratelimit";
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

  it("counts hits and refuses beyond the limit, with the seconds until one more would pass", async () => {
    const rule = { limit: 2, windowSeconds: 60, now };
    expect(await hitRateLimit(h.db, "push-order", "1.1.1.1", rule)).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
    });
    expect((await hitRateLimit(h.db, "push-order", "1.1.1.1", rule)).allowed).toBe(true);
    // Three in this window: the rest of it (40 s), then a third of the next, when 3 × 2/3 ≤ 2 - 1.
    expect(await hitRateLimit(h.db, "push-order", "1.1.1.1", rule)).toEqual({
      allowed: false,
      retryAfterSeconds: 80,
    });
    expect((await hitRateLimit(h.db, "push-order", "2.2.2.2", rule)).allowed).toBe(true);
    expect(await hitRateLimit(h.db, "push-order", "3.3.3.3", { ...rule, limit: 0 })).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
    });
    expect(await counts("push-order:")).toEqual({ "push-order:1.1.1.1": [3], "push-order:2.2.2.2": [1] });
  });

  it("slides: the previous window's hits weigh for as much of it as lies within a window of now", async () => {
    const at = (s: string) => ({ limit: 20, windowSeconds: 900, now: new Date(`2026-01-05T${s}Z`) });
    // Twenty in the last seconds of one window…
    for (let i = 0; i < 20; i++)
      expect((await hitRateLimit(h.db, "tracking-unlock", "4.4.4.4", at("10:14:50"))).allowed).toBe(true);
    // …leave almost nothing in the first seconds of the next: a fixed window let 20 more through.
    let allowed = 0;
    for (let i = 0; i < 20; i++)
      if ((await hitRateLimit(h.db, "tracking-unlock", "4.4.4.4", at("10:15:05"))).allowed) allowed++;
    expect(allowed).toBe(0);
    // Half a window on, the old window weighs half (10) and the 20 refused count in full.
    expect((await hitRateLimit(h.db, "tracking-unlock", "4.4.4.4", at("10:22:30"))).allowed).toBe(false);
    // A whole window on, only what came since counts: 21 × (1 - 1/900 … ) ≥ 20 refuses, later not.
    expect((await hitRateLimit(h.db, "tracking-unlock", "4.4.4.4", at("10:30:01"))).allowed).toBe(false);
    expect((await hitRateLimit(h.db, "tracking-unlock", "4.4.4.4", at("10:40:00"))).allowed).toBe(true);
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 address", async () => {
    expect(networkOf("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:DB8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(networkOf("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(networkOf("203.0.113.9")).toBe("203.0.113.9");
    expect(networkOf("unknown")).toBe("unknown");
    const rule = { limit: 3, windowSeconds: 60, now };
    const results = [];
    for (let i = 1; i <= 5; i++)
      results.push((await hitRateLimit(h.db, "tracking-lookup", `2001:db8:9:9::${i}`, rule)).allowed);
    expect(results).toEqual([true, true, true, false, false]);
    expect((await hitRateLimit(h.db, "tracking-lookup", "2001:db8:9:a::1", rule)).allowed).toBe(true);
    // Not a client's address: a conversation's limit counts its own subject.
    expect((await hitRateLimit(h.db, "chat-conversation", "2001:db8:9:9::7", rule)).allowed).toBe(true);
    expect(Object.keys(await counts("tracking-lookup:2001"))).toEqual([
      "tracking-lookup:2001:db8:9:9::/64",
      "tracking-lookup:2001:db8:9:a::/64",
    ]);
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
      retryAfterSeconds: 100,
    });
    expect(await countRateLimits(h.db, hits, now)).toEqual({
      scope: "chat-conversation",
      retryAfterSeconds: 100,
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
