import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loginSchema } from "../../lib/auth-forms";
import { defined } from "../../test/defined";
import { loginAttempts, sessions, staffUsers } from "../db/schema";
import { createStaff } from "../staff/bootstrap";
import { setupTestDatabase } from "../testing/setup";
import { attemptLogin, pruneLoginAttempts, safeRedirect } from "./login";
import { hashPassword, verifyPassword } from "./password";
import { deleteSession, readSession } from "./sessions";

const h = setupTestDatabase();
const life = { ttlHours: 24, maxDays: 30 };
const limits = { maxFailures: 5, windowMinutes: 15, session: life };

beforeAll(async () => {
  await createStaff(h.db, {
    email: "Admin@Example.com",
    name: "Ana Admin",
    role: "admin",
    password: "correct-horse",
  });
});
beforeEach(async () => {
  await h.db.delete(loginAttempts);
});

describe("password hashing", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("s3creto-largo");
    expect(hash.startsWith("scrypt$")).toBe(true);
    expect(hash).not.toContain("s3creto-largo");
    expect(await verifyPassword("s3creto-largo", hash)).toBe(true);
    expect(await verifyPassword("s3creto-larga", hash)).toBe(false);
  });

  it("salts every hash differently", async () => {
    expect(await hashPassword("igual")).not.toBe(await hashPassword("igual"));
  });
});

describe("attemptLogin", () => {
  /** The session, or what the refusal was (kind, reason, seconds to wait). */
  const login = (email: string, password: string, ip = "10.0.0.1") =>
    attemptLogin(h.db, { email, password, ip }, limits).catch((e) => ({
      refused: e.kind as string,
      reason: e.reason as string,
      wait: e.retryAfterSeconds as number | undefined,
    }));
  const ok = (r: unknown) => !!r && typeof r === "object" && "token" in r;

  it("refuses empty fields with the spec's message (the form's schema)", () => {
    const r = loginSchema.safeParse({ email: "", password: "" });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      "Ingresa tu correo electrónico.",
      "Ingresa tu contraseña.",
    ]);
    expect(loginSchema.safeParse({ email: "admin@example.com" }).success).toBe(false);
  });

  it("signs in case-insensitively by e-mail and records the sign-in time", async () => {
    const r = await login("  ADMIN@example.com ", "correct-horse");
    if (!("token" in r)) throw new Error("login failed");
    expect(r.user).toMatchObject({ email: "admin@example.com", role: "admin", name: "Ana Admin" });
    const [u] = await h.db.select().from(staffUsers).where(eq(staffUsers.email, "admin@example.com"));
    expect(u?.lastSignInAt).toBeInstanceOf(Date);
    const found = await readSession(h.db, r.token, life);
    expect(found?.user.email).toBe("admin@example.com");
  });

  it("gives the same answer for an unknown e-mail and a wrong password", async () => {
    const a = await login("nadie@example.com", "x");
    const b = await login("admin@example.com", "wrong");
    expect(a).toEqual(b);
    expect(a).toMatchObject({ refused: "unauthenticated", reason: "credentials" });
  });

  it("after 5 failures from one address, that address waits out the window, even with the right password", async () => {
    for (let i = 0; i < 5; i++)
      expect(ok(await login("admin@example.com", `bad-${i}`, "10.1.0.1"))).toBe(false);
    const r = await login("admin@example.com", "correct-horse", "10.1.0.1");
    expect(r).toMatchObject({ refused: "rate_limited", reason: "login" });
    // The wait is the rest of the 15-minute window.
    expect((r as { wait: number }).wait).toBeGreaterThan(14 * 60);
    expect((r as { wait: number }).wait).toBeLessThanOrEqual(15 * 60);
  });

  it("failures from anywhere never lock the owner out of an address she signed in from", async () => {
    expect(ok(await login("admin@example.com", "correct-horse", "10.5.0.1"))).toBe(true); // the shop
    for (let i = 0; i < 25; i++) await login("admin@example.com", `bad-${i}`, `203.0.113.${i}`);
    expect(ok(await login("admin@example.com", "correct-horse", "10.5.0.1"))).toBe(true);
  });

  it("past 5 failures on an e-mail, unfamiliar addresses wait 1, 2, 4 … at most 60 s after the last one", async () => {
    const t0 = Date.now();
    const at = (s: number) => new Date(t0 + s * 1000);
    const tryAt = (s: number, password: string, ip: string) =>
      attemptLogin(h.db, { email: "admin@example.com", password, ip }, { ...limits, now: at(s) }).catch(
        (e) => ({ refused: e.kind as string, wait: e.retryAfterSeconds as number }),
      );
    for (let i = 0; i < 5; i++) await tryAt(0, "bad", `198.51.100.${i}`);
    expect(await tryAt(0, "correct-horse", "198.51.100.50")).toMatchObject({
      refused: "rate_limited",
      wait: 1,
    });
    expect(await tryAt(1, "bad", "198.51.100.6")).toMatchObject({ refused: "unauthenticated" }); // 6th failure
    expect(await tryAt(2, "correct-horse", "198.51.100.50")).toMatchObject({ wait: 1 }); // 2 s after t=1
    const waits: number[] = [];
    let t = 3;
    for (let i = 0; i < 8; i++) {
      await tryAt(t, "bad", `198.51.100.${10 + i}`);
      const r = await tryAt(t, "correct-horse", "198.51.100.50");
      waits.push((r as { wait: number }).wait);
      t += 61;
    }
    expect(waits).toEqual([4, 8, 16, 32, 60, 60, 60, 60]);
    // Once the delay has passed, the right password from a new address signs in.
    expect(ok(await tryAt(t + 60, "correct-horse", "198.51.100.50"))).toBe(true);
  });

  it("a success forgives only its own address's failures", async () => {
    expect(ok(await login("admin@example.com", "correct-horse", "10.7.0.2"))).toBe(true);
    for (let i = 0; i < 5; i++) await login("admin@example.com", "bad", "10.7.0.1");
    expect(ok(await login("admin@example.com", "correct-horse", "10.7.0.2"))).toBe(true);
    expect(await login("admin@example.com", "correct-horse", "10.7.0.1")).toMatchObject({
      refused: "rate_limited",
    });
  });

  it("locks an address after 10 failures across e-mails", async () => {
    for (let i = 0; i < 10; i++) await login(`x${i}@example.com`, "bad", "10.9.9.9");
    const r = await login("admin@example.com", "correct-horse", "10.9.9.9");
    expect(r).toMatchObject({ refused: "rate_limited" });
    expect(ok(await login("admin@example.com", "correct-horse", "10.9.9.10"))).toBe(true);
  });

  it("forgets failures older than the window", async () => {
    for (let i = 0; i < 5; i++) await login("admin@example.com", "bad");
    await h.db.update(loginAttempts).set({ createdAt: sql`now() - interval '16 minutes'` });
    expect(ok(await login("admin@example.com", "correct-horse"))).toBe(true);
  });

  it("keeps failures for their window and successes for 30 days, then prunes them", async () => {
    await login("admin@example.com", "bad", "10.8.0.1");
    await login("admin@example.com", "correct-horse", "10.8.0.2");
    await h.db.update(loginAttempts).set({ createdAt: sql`now() - interval '20 minutes'` });
    await pruneLoginAttempts(h.db, 15);
    expect((await h.db.select().from(loginAttempts)).map((r) => r.succeeded)).toEqual([true]);
    await h.db.update(loginAttempts).set({ createdAt: sql`now() - interval '31 days'` });
    await pruneLoginAttempts(h.db, 15);
    expect(await h.db.select().from(loginAttempts)).toHaveLength(0);
  });
});

describe("sessions", () => {
  it("expire, renew while in use, and end on logout", async () => {
    const r = await attemptLogin(
      h.db,
      { email: "admin@example.com", password: "correct-horse", ip: "1.1.1.1" },
      limits,
    );
    if (!r.token) throw new Error("login failed");
    // Fresh: no renewal yet.
    expect((await readSession(h.db, r.token, life))?.renewed).toBe(false);
    // In use two hours later: renewed, expiry pushed forward.
    await h.db
      .update(sessions)
      .set({ renewedAt: sql`now() - interval '2 hours'`, expiresAt: sql`now() + interval '1 hour'` });
    const renewed = await readSession(h.db, r.token, life);
    expect(renewed?.renewed).toBe(true);
    expect(defined(renewed, "session").expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // Expired: gone.
    await h.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(await readSession(h.db, r.token, life)).toBeNull();
    // Logout deletes the row on the server.
    const r2 = await attemptLogin(
      h.db,
      { email: "admin@example.com", password: "correct-horse", ip: "1.1.1.1" },
      limits,
    );
    if (!r2.token) throw new Error("login failed");
    await deleteSession(h.db, r2.token);
    expect(await readSession(h.db, r2.token, life)).toBeNull();
  });

  it("end 30 days after sign-in however much they are used", async () => {
    const r = await attemptLogin(
      h.db,
      { email: "admin@example.com", password: "correct-horse", ip: "1.1.1.2" },
      limits,
    );
    const row = eq(
      sessions.id,
      defined((await h.db.select().from(sessions).orderBy(sql`created_at desc`).limit(1))[0], "session row")
        .id,
    );
    // Signed in 29 days and 23 hours ago, in use: renewed, but only up to day 30.
    await h.db
      .update(sessions)
      .set({
        createdAt: sql`now() - interval '29 days 23 hours'`,
        renewedAt: sql`now() - interval '2 hours'`,
      })
      .where(row);
    const renewed = await readSession(h.db, r.token, life);
    expect(renewed?.renewed).toBe(true);
    expect(defined(renewed, "session").expiresAt.getTime()).toBeLessThan(Date.now() + 3600_000 + 5000);
    // Past day 30: gone, whatever its expiry says.
    await h.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '30 days 1 minute'`, expiresAt: sql`now() + interval '1 day'` })
      .where(row);
    expect(await readSession(h.db, r.token, life)).toBeNull();
  });

  it("stores only a hash of the cookie token", async () => {
    const r = await attemptLogin(
      h.db,
      { email: "admin@example.com", password: "correct-horse", ip: "1.1.1.1" },
      limits,
    );
    if (!r.token) throw new Error("login failed");
    const rows = await h.db.select({ id: sessions.id }).from(sessions);
    expect(rows.some((s) => s.id === r.token)).toBe(false);
  });
});

describe("safeRedirect", () => {
  it("allows only paths of this site, however the target is dressed up", () => {
    expect(safeRedirect("/admin/orders?x=1#y")).toBe("/admin/orders?x=1#y");
    for (const evil of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example", // what ?redirectTo=/%09/evil.example decodes to
      "/\n/evil.example",
      "/a/..//evil.example",
      "/.//evil.example",
      "javascript:alert(1)",
    ]) {
      expect(safeRedirect(evil), evil).toBe("/admin");
    }
    expect(safeRedirect(null)).toBe("/admin");
    expect(safeRedirect("/admin-login")).toBe("/admin");
  });
});
