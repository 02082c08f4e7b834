import { and, count, eq, gt, lt, min, or, sql } from "drizzle-orm";
import { actorOf, recordAudit } from "../audit/audit";
import type { Db } from "../db/client";
import { loginAttempts, staffUsers } from "../db/schema";
import { RateLimitedError, UnauthenticatedError } from "../errors";
import { burnPasswordCheck, verifyPassword } from "./password";
import { createSession, type StaffUser } from "./sessions";

export type LoginLimits = { maxFailures: number; windowMinutes: number };

/** One address may fail more often than one e-mail: several staff can share a shop's Wi-Fi. */
const IP_FACTOR = 2;

export type LoginResult = { user: StaffUser; token: string; expiresAt: Date };

/**
 * Checks credentials (docs/product.md §4.6) with a per-e-mail and per-address limit on
 * failures. While a limit is reached even the right password is refused, so guessing cannot
 * continue: RateLimitedError("login") with the wait. A wrong password and an unknown e-mail
 * give the same UnauthenticatedError("credentials"), so the form reveals no staff e-mail.
 */
export async function attemptLogin(
  db: Db,
  input: { email: string; password: string; ip: string; userAgent?: string },
  opts: LoginLimits & { sessionTtlHours: number },
): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  const { password } = input;

  const waitMinutes = await lockedForMinutes(db, email, input.ip, opts);
  if (waitMinutes > 0) throw new RateLimitedError("login", waitMinutes * 60);

  const [user] = await db
    .select()
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, email))
    .limit(1);
  // A deactivated account answers as a wrong password does (docs/product.md §3.7).
  const active = user && !user.deactivatedAt ? user : null;
  const valid = active
    ? await verifyPassword(password, active.passwordHash)
    : (await burnPasswordCheck(password), false);
  if (!active || !valid) {
    await db.transaction(async (tx) => {
      await tx.insert(loginAttempts).values({ email, ip: input.ip });
      await recordAudit(
        tx,
        { id: null, name: null, ip: input.ip },
        {
          action: "auth.sign-in-failed",
          target: email,
        },
      );
    });
    throw new UnauthenticatedError("credentials");
  }

  const session = await db.transaction(async (tx) => {
    await tx.delete(loginAttempts).where(eq(loginAttempts.email, email));
    await tx.update(staffUsers).set({ lastSignInAt: new Date() }).where(eq(staffUsers.id, active.id));
    await recordAudit(tx, actorOf(active, input.ip), {
      action: "auth.sign-in",
      entityId: active.id,
      target: email,
    });
    return createSession(tx, active.id, {
      ttlHours: opts.sessionTtlHours,
      ip: input.ip,
      userAgent: input.userAgent,
    });
  });
  return { user: { id: active.id, email: active.email, name: active.name, role: active.role }, ...session };
}

/** Minutes until the oldest counted failure leaves the window, or 0 when not limited. */
async function lockedForMinutes(db: Db, email: string, ip: string, limits: LoginLimits): Promise<number> {
  const windowMs = limits.windowMinutes * 60_000;
  const since = new Date(Date.now() - windowMs);
  const check = async (cond: ReturnType<typeof eq>, max: number) => {
    const [row] = await db
      .select({ n: count(), oldest: min(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(and(cond, gt(loginAttempts.createdAt, since)));
    if (!row || row.n < max || !row.oldest) return 0;
    const until = new Date(row.oldest).getTime() + windowMs;
    return Math.max(1, Math.ceil((until - Date.now()) / 60_000));
  };
  const byEmail = await check(eq(loginAttempts.email, email), limits.maxFailures);
  const byIp = await check(eq(loginAttempts.ip, ip), limits.maxFailures * IP_FACTOR);
  return Math.max(byEmail, byIp);
}

export async function pruneLoginAttempts(db: Db, windowMinutes: number): Promise<void> {
  const cutoff = new Date(Date.now() - windowMinutes * 60_000);
  await db.delete(loginAttempts).where(or(lt(loginAttempts.createdAt, cutoff)));
}

/** Only a local path may be a post-login destination (no open redirect). */
export function safeRedirect(to: unknown, fallback = "/admin"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  if (to.startsWith("/admin-login") || to.startsWith("/logout")) return fallback;
  return to;
}
