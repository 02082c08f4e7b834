import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TOPICS } from "../lib/events";
import { defined } from "../test/defined";
import { createSession } from "./auth/sessions";
import { loadConfig } from "./config";
import { events, rateLimits, sessions, staffUsers } from "./db/schema";
import { runHousekeeping } from "./housekeeping";
import { hitRateLimit } from "./ratelimit";
import { setupTestDatabase } from "./testing/setup";

const h = setupTestDatabase({ bus: true });
const config = loadConfig({ SESSION_MAX_DAYS: "30" });

describe("housekeeping", () => {
  it("deletes ended rate-limit windows, expired or too old sessions and day-old events, and keeps the rest", async () => {
    const hourAgo = new Date(Date.now() - 2 * 3600_000);
    await hitRateLimit(h.db, "tracking-lookup", "10.0.0.1", { limit: 30, windowSeconds: 60, now: hourAgo });
    await hitRateLimit(h.db, "tracking-lookup", "10.0.0.2", { limit: 30, windowSeconds: 60 });
    const [inserted] = await h.db
      .insert(staffUsers)
      .values({ email: "hk@example.com", name: "HK", role: "admin", passwordHash: "x" })
      .returning();
    const user = defined(inserted, "staff user");
    const life = { ttlHours: 24, maxDays: 30 };
    const expired = await createSession(h.db, user.id, life);
    const old = await createSession(h.db, user.id, life);
    const live = await createSession(h.db, user.id, life);
    await h.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.id, hash(expired.token)));
    await h.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(sessions.id, hash(old.token)));
    await h.bus.publish(TOPICS.staff, "chat.agent", { id: "old" });
    await h.db.update(events).set({ createdAt: sql`now() - interval '25 hours'` });
    await h.bus.publish(TOPICS.staff, "chat.contact", { contactId: "new" });

    await runHousekeeping({ db: h.db, bus: h.bus, config });

    expect((await h.db.select().from(rateLimits)).map((r) => r.key)).toEqual(["tracking-lookup:10.0.0.2"]);
    expect((await h.db.select().from(sessions)).map((s) => s.id)).toEqual([hash(live.token)]);
    expect((await h.db.select().from(events)).map((e) => e.type)).toEqual(["chat.contact"]);
  });
});

const hash = (token: string) => createHash("sha256").update(token).digest("base64url");
