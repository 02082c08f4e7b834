import { and, eq, lt, or, sql } from "drizzle-orm";
import { actorOf, recordAudit } from "../audit/audit";
import type { Db } from "../db/client";
import { loginAttempts, staffUsers } from "../db/schema";
import { RateLimitedError, UnauthenticatedError } from "../errors";
import { networkOf } from "../ratelimit";
import { burnPasswordCheck, verifyPassword } from "./password";
import { createSession, type SessionLifetime, type StaffUser } from "./sessions";

export type LoginLimits = { maxFailures: number; windowMinutes: number };

/** One address may fail more often than one e-mail: several staff can share a shop's Wi-Fi. */
const IP_FACTOR = 2;
/** The longest wait between two attempts on a targeted e-mail from an unfamiliar address. */
export const MAX_LOGIN_DELAY_SECONDS = 60;
/** An address someone signed in from stays familiar this long. */
const FAMILIAR_DAYS = 30;

export type LoginResult = { user: StaffUser; token: string; expiresAt: Date };

/**
 * Checks credentials (docs/product.md §4.6) under three limits (docs/security.md), none of which
 * lets a stranger lock the owner out:
 * - one e-mail from one address: `maxFailures` per window, then refused until the window passes;
 * - one address across e-mails: twice that;
 * - one e-mail from everywhere: past `maxFailures`, attempts from addresses it never signed in
 *   from must wait 1, 2, 4 … up to 60 s after the last failure. An address it signed in from
 *   (the shop) is never delayed by failures elsewhere.
 * Refusals are RateLimitedError("login") with the wait. A wrong password and an unknown e-mail
 * give the same UnauthenticatedError("credentials"), so the form reveals no staff e-mail.
 */
export async function attemptLogin(
  db: Db,
  input: { email: string; password: string; ip: string; userAgent?: string },
  opts: LoginLimits & { session: SessionLifetime; now?: Date },
): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  const { password, ip } = input;
  // Failures count by the address's network (an IPv6 client by its /64); the audit keeps the address.
  const network = networkOf(ip);
  const now = opts.now ?? new Date();

  const waitSeconds = await secondsToWait(db, email, network, opts, now);
  if (waitSeconds > 0) throw new RateLimitedError("login", waitSeconds);

  const [user] = await db
    .select()
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, email))
    .limit(1);
  // A deactivated account answers as a wrong password does (docs/product.md §3.7).
  const active = user && !user.deactivatedAt ? user : null;
  let valid = false;
  if (active) valid = await verifyPassword(password, active.passwordHash);
  else await burnPasswordCheck(password);
  if (!active || !valid) {
    await db.transaction(async (tx) => {
      await tx.insert(loginAttempts).values({ email, ip: network, createdAt: now });
      await recordAudit(tx, { id: null, name: null, ip }, { action: "auth.sign-in-failed", target: email });
    });
    throw new UnauthenticatedError("credentials");
  }

  const session = await db.transaction(async (tx) => {
    // Only this address's failures are forgiven: a success must not reset a stranger's count.
    await tx.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, network)));
    await tx.insert(loginAttempts).values({ email, ip: network, createdAt: now, succeeded: true });
    await tx.update(staffUsers).set({ lastSignInAt: now }).where(eq(staffUsers.id, active.id));
    await recordAudit(tx, actorOf(active, ip), {
      action: "auth.sign-in",
      entityId: active.id,
      target: email,
    });
    return createSession(tx, active.id, { ...opts.session, ip, userAgent: input.userAgent });
  });
  return { user: { id: active.id, email: active.email, name: active.name, role: active.role }, ...session };
}

/** Seconds until this attempt may be made, or 0. `ip` is the client's network (networkOf). */
async function secondsToWait(
  db: Db,
  email: string,
  ip: string,
  limits: LoginLimits,
  now: Date,
): Promise<number> {
  const windowMs = limits.windowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  const familiarSince = new Date(now.getTime() - FAMILIAR_DAYS * 24 * 3600_000);
  const failed = sql`not ${loginAttempts.succeeded} and ${loginAttempts.createdAt} > ${since}`;
  const isPair = sql`${loginAttempts.email} = ${email} and ${loginAttempts.ip} = ${ip}`;
  const isIp = sql`${loginAttempts.ip} = ${ip}`;
  const isEmail = sql`${loginAttempts.email} = ${email}`;
  const [row] = await db
    .select({
      pair: sql<number>`count(*) filter (where ${failed} and ${isPair})`.mapWith(Number),
      pairOldest: sql<string | null>`min(${loginAttempts.createdAt}) filter (where ${failed} and ${isPair})`,
      addr: sql<number>`count(*) filter (where ${failed} and ${isIp})`.mapWith(Number),
      addrOldest: sql<string | null>`min(${loginAttempts.createdAt}) filter (where ${failed} and ${isIp})`,
      mail: sql<number>`count(*) filter (where ${failed} and ${isEmail})`.mapWith(Number),
      mailLast: sql<string | null>`max(${loginAttempts.createdAt}) filter (where ${failed} and ${isEmail})`,
      familiar: sql<boolean>`coalesce(bool_or(${loginAttempts.succeeded} and ${isPair} and ${loginAttempts.createdAt} > ${familiarSince}), false)`,
    })
    .from(loginAttempts)
    .where(or(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)));
  if (!row) return 0;
  const untilLeaves = (oldest: string | null) =>
    oldest ? Math.max(1, Math.ceil((new Date(oldest).getTime() + windowMs - now.getTime()) / 1000)) : 0;
  const hard = Math.max(
    row.pair >= limits.maxFailures ? untilLeaves(row.pairOldest) : 0,
    row.addr >= limits.maxFailures * IP_FACTOR ? untilLeaves(row.addrOldest) : 0,
  );
  if (hard > 0 || row.familiar || row.mail < limits.maxFailures || !row.mailLast) return hard;
  const delay = Math.min(MAX_LOGIN_DELAY_SECONDS, 2 ** (row.mail - limits.maxFailures));
  const elapsed = (now.getTime() - new Date(row.mailLast).getTime()) / 1000;
  return Math.max(0, Math.ceil(delay - elapsed));
}

/** Failures are kept for their window, successes for as long as they make an address familiar. */
export async function pruneLoginAttempts(db: Db, windowMinutes: number): Promise<void> {
  const now = Date.now();
  await db
    .delete(loginAttempts)
    .where(
      or(
        and(
          eq(loginAttempts.succeeded, false),
          lt(loginAttempts.createdAt, new Date(now - windowMinutes * 60_000)),
        ),
        lt(loginAttempts.createdAt, new Date(now - FAMILIAR_DAYS * 24 * 3600_000)),
      ),
    );
}

/**
 * Where to go after signing in: a path of this site, or `fallback`. The target is resolved
 * against our own origin the way a browser would resolve it (tabs and newlines dropped,
 * backslashes read as slashes), so `/%09/evil.example` or `/\evil.example` cannot leave the site.
 */
export function safeRedirect(to: unknown, fallback = "/admin"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2000) return fallback;
  const base = "http://site.invalid";
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const path = url.pathname + url.search + url.hash;
  // `/a/..//evil.example` resolves to the path `//evil.example`, which a browser reads as a host.
  if (path.startsWith("//")) return fallback;
  if (path.startsWith("/admin-login") || path.startsWith("/logout")) return fallback;
  return path;
}
