import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loginSchema } from "../../lib/auth-forms";
import { loginAttempts, sessions, staffUsers } from "../db/schema";
import { createStaff } from "../staff/bootstrap";
import { setupTestDatabase } from "../testing/setup";
import { attemptLogin, safeRedirect } from "./login";
import { hashPassword, verifyPassword } from "./password";
import { deleteSession, readSession } from "./sessions";

const h = setupTestDatabase();
const limits = { maxFailures: 5, windowMinutes: 15, sessionTtlHours: 24 };

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
    const found = await readSession(h.db, r.token, 24);
    expect(found?.user.email).toBe("admin@example.com");
  });

  it("gives the same answer for an unknown e-mail and a wrong password", async () => {
    const a = await login("nadie@example.com", "x");
    const b = await login("admin@example.com", "wrong");
    expect(a).toEqual(b);
    expect(a).toMatchObject({ refused: "unauthenticated", reason: "credentials" });
  });

  it("locks an e-mail after 5 failures, even for the right password", async () => {
    for (let i = 0; i < 5; i++)
      expect(ok(await login("admin@example.com", `bad-${i}`, `10.1.0.${i}`))).toBe(false);
    const r = await login("admin@example.com", "correct-horse", "10.2.0.1");
    expect(r).toMatchObject({ refused: "rate_limited", reason: "login" });
    // The wait is the rest of the 15-minute window, in whole minutes.
    expect([14 * 60, 15 * 60]).toContain((r as { wait: number }).wait);
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
    expect((await readSession(h.db, r.token, 24))?.renewed).toBe(false);
    // In use two hours later: renewed, expiry pushed forward.
    await h.db
      .update(sessions)
      .set({ renewedAt: sql`now() - interval '2 hours'`, expiresAt: sql`now() + interval '1 hour'` });
    const renewed = await readSession(h.db, r.token, 24);
    expect(renewed?.renewed).toBe(true);
    expect(renewed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // Expired: gone.
    await h.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(await readSession(h.db, r.token, 24)).toBeNull();
    // Logout deletes the row on the server.
    const r2 = await attemptLogin(
      h.db,
      { email: "admin@example.com", password: "correct-horse", ip: "1.1.1.1" },
      limits,
    );
    if (!r2.token) throw new Error("login failed");
    await deleteSession(h.db, r2.token);
    expect(await readSession(h.db, r2.token, 24)).toBeNull();
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
  it("allows only local paths", () => {
    expect(safeRedirect("/admin/orders?x=1")).toBe("/admin/orders?x=1");
    expect(safeRedirect("https://evil.example")).toBe("/admin");
    expect(safeRedirect("//evil.example")).toBe("/admin");
    expect(safeRedirect("/\\evil.example")).toBe("/admin");
    expect(safeRedirect(null)).toBe("/admin");
    expect(safeRedirect("/admin-login")).toBe("/admin");
  });
});
