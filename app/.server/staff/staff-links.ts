import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { PASSWORD_LINK_HOURS, type PasswordLinkProblem } from "../../lib/password-links";
import type { StaffRole } from "../../lib/permissions";
import { actorOf, recordAudit } from "../audit/audit";
import { hashPassword } from "../auth/password";
import {
  announceSessionsEnded,
  createSession,
  deleteUserSessions,
  type SessionLifetime,
  type StaffUser,
} from "../auth/sessions";
import type { Db } from "../db/client";
import { LOCKS } from "../db/locks";
import { type StaffTokenPurpose, staffTokens, staffUsers } from "../db/schema";
import type { Deps } from "../deps";
import { ConflictError, NotFoundError } from "../errors";
import { queueMail } from "../mail/queue";
import { enforceRateLimits } from "../ratelimit";
import { findStaffByEmail } from "./staff";

/**
 * Links that let a staff member choose their password (issue 40): an invitation for a new account
 * (48 h) and a reset link (2 h, app/lib/password-links.ts says why). The link carries a random
 * token; the database keeps only its SHA-256 (staff_tokens.id), as for sessions, so a copy of the
 * table opens nothing. A link works once, until it expires, while its account is active, and
 * only while it is the newest of its kind for that account. Every function takes `now`, so tests
 * move the clock.
 */

export type LinkUser = { id: string; email: string; name: string; role: StaffRole };

/** A link's token: 32 random bytes, base64url (43 characters). Anything else is no link of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** How the invitation names a role ('una cuenta de administrador'). */
const ROLE_WORDS: Record<StaffRole, string> = { admin: "administrador", operador: "operador" };

/**
 * A new link for `userId` (in the caller's transaction): the token to send, never stored. Older
 * unused links of the same purpose end now, so only the newest e-mail works.
 */
export async function issuePasswordLink(
  tx: Db,
  userId: string,
  purpose: StaffTokenPurpose,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  await tx
    .update(staffTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(staffTokens.userId, userId),
        eq(staffTokens.purpose, purpose),
        isNull(staffTokens.usedAt),
        gt(staffTokens.expiresAt, now),
      ),
    );
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + PASSWORD_LINK_HOURS[purpose] * 3600_000);
  await tx
    .insert(staffTokens)
    .values({ id: hashLinkToken(token), userId, purpose, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** Issues an invitation and queues its e-mail, in the transaction that created the account. */
export async function queueInvitation(
  tx: Db,
  user: LinkUser,
  opts: { invitedBy: string | null; now: Date },
): Promise<{ expiresAt: Date }> {
  const { token, expiresAt } = await issuePasswordLink(tx, user.id, "invitation", opts.now);
  await queueMail(tx, {
    kind: "staff.invitation",
    to: user.email,
    params: {
      name: user.name,
      roleLabel: ROLE_WORDS[user.role],
      token,
      expiresAt: expiresAt.toISOString(),
      invitedBy: opts.invitedBy,
    },
  });
  return { expiresAt };
}

async function queueResetLink(tx: Db, user: LinkUser, now: Date): Promise<{ expiresAt: Date }> {
  const { token, expiresAt } = await issuePasswordLink(tx, user.id, "reset", now);
  await queueMail(tx, {
    kind: "staff.reset",
    to: user.email,
    params: { name: user.name, token, expiresAt: expiresAt.toISOString() },
  });
  return { expiresAt };
}

/**
 * An admin's 'Restablecer contraseña' when mail leaves: a reset link to the person. Their
 * password and sessions stay as they are until they use it (an admin who fears a stolen account
 * ends its sessions or deactivates it). Throws NotFoundError("staff") and, for a deactivated
 * account, whose link would not work, ConflictError("staff-inactive").
 */
export async function sendPasswordResetLink(
  deps: Pick<Deps, "db" | "actor">,
  userId: string,
  now = new Date(),
): Promise<{ email: string; expiresAt: Date }> {
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: staffUsers.id,
        email: staffUsers.email,
        name: staffUsers.name,
        role: staffUsers.role,
        deactivatedAt: staffUsers.deactivatedAt,
      })
      .from(staffUsers)
      .where(eq(staffUsers.id, userId));
    if (!user) throw new NotFoundError("staff");
    if (user.deactivatedAt) throw new ConflictError("staff-inactive");
    const { expiresAt } = await queueResetLink(tx, user, now);
    await recordAudit(tx, deps.actor ?? null, {
      action: "staff.reset-link-sent",
      entityId: user.id,
      target: user.email,
    });
    return { email: user.email, expiresAt };
  });
}

/**
 * '¿Olvidaste tu contraseña?' limits: per client network, and per e-mail asked about (so nobody
 * fills a person's mailbox from many addresses). Both count whether or not the address has an
 * account, so the limits tell nothing either.
 */
export const RESET_REQUEST_LIMITS = {
  perAddress: { limit: 5, windowSeconds: 15 * 60 },
  perEmail: { limit: 3, windowSeconds: 60 * 60 },
} as const;

/**
 * '¿Olvidaste tu contraseña?': queues a reset link when `email` is an active account, and does
 * nothing otherwise; the caller answers the same either way. Throws RateLimitedError
 * ("password-link-address" or "password-link-email") past the limits.
 */
export async function requestPasswordReset(
  db: Db,
  input: { email: string; ip: string },
  now = new Date(),
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  await enforceRateLimits(
    db,
    [
      { scope: "password-link-address", subject: input.ip, ...RESET_REQUEST_LIMITS.perAddress },
      { scope: "password-link-email", subject: email, ...RESET_REQUEST_LIMITS.perEmail },
    ],
    now,
  );
  await db.transaction(async (tx) => {
    const user = await findStaffByEmail(tx, email);
    if (!user || user.deactivatedAt) return;
    await queueResetLink(tx, user, now);
    await recordAudit(
      tx,
      { id: null, name: null, ip: input.ip },
      { action: "staff.reset-requested", entityId: user.id, target: user.email },
    );
  });
}

export type PasswordLink =
  | { status: "usable"; purpose: StaffTokenPurpose; expiresAt: Date; user: LinkUser }
  | { status: PasswordLinkProblem };

/** What a link is now: usable (with its account), or why not. A deactivated account's link is 'unknown'. */
export async function describePasswordLink(db: Db, token: string, now: Date): Promise<PasswordLink> {
  if (!TOKEN_SHAPE.test(token)) return { status: "unknown" };
  const [row] = await db
    .select({
      purpose: staffTokens.purpose,
      expiresAt: staffTokens.expiresAt,
      usedAt: staffTokens.usedAt,
      deactivatedAt: staffUsers.deactivatedAt,
      user: { id: staffUsers.id, email: staffUsers.email, name: staffUsers.name, role: staffUsers.role },
    })
    .from(staffTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, staffTokens.userId))
    .where(eq(staffTokens.id, hashLinkToken(token)))
    .limit(1);
  if (!row || row.deactivatedAt) return { status: "unknown" };
  if (row.usedAt) return { status: "used" };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: "expired" };
  return { status: "usable", purpose: row.purpose, expiresAt: row.expiresAt, user: row.user };
}

/** The usable link behind `token`, or null. */
export async function findUsableLink(db: Db, token: string, now: Date) {
  const link = await describePasswordLink(db, token, now);
  return link.status === "usable" ? link : null;
}

export type PasswordLinkUse = {
  user: StaffUser;
  /** A session for the person when `session` was asked for (the page signs them in). */
  session: { token: string; expiresAt: Date } | null;
};

/**
 * Sets the password chosen through a link, in one transaction: the link is marked used, the
 * person's other open links end, every session of theirs ends (as a reset does), the change is
 * audited as theirs and, with `session`, they are signed in. Throws NotFoundError("password-link")
 * for an unknown link or a deactivated account, ConflictError("password-link-used" |
 * "password-link-expired") for the others. The password must already have passed the password
 * rule (app/lib/passwords.ts).
 */
export async function usePasswordLink(
  deps: Pick<Deps, "db" | "bus">,
  token: string,
  newPassword: string,
  opts: { now?: Date; ip?: string; userAgent?: string; session?: SessionLifetime } = {},
): Promise<PasswordLinkUse> {
  const now = opts.now ?? new Date();
  // A cheap look first: a bad link costs no password hashing.
  refuseUnusable(await describePasswordLink(deps.db, token, now));
  const passwordHash = await hashPassword(newPassword);
  const used = await deps.db.transaction(async (tx) => {
    // Every change to staff rows takes this lock first (staff-admin.ts): two posts of the same
    // link, or a deactivation meanwhile, wait here and then see what the other did.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.staffRows})`);
    const link = refuseUnusable(await describePasswordLink(tx, token, now));
    const { user } = link;
    await tx.update(staffUsers).set({ passwordHash, updatedAt: now }).where(eq(staffUsers.id, user.id));
    await tx
      .update(staffTokens)
      .set({ usedAt: now })
      .where(eq(staffTokens.id, hashLinkToken(token)));
    // An invitation still open after a reset (or the other way round) must not set it again.
    await tx
      .update(staffTokens)
      .set({ expiresAt: now })
      .where(
        and(eq(staffTokens.userId, user.id), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, now)),
      );
    const ended = await deleteUserSessions(tx, user.id);
    const actor = actorOf(user, opts.ip);
    await recordAudit(tx, actor, {
      action: link.purpose === "invitation" ? "staff.invitation-accepted" : "staff.password-link-used",
      entityId: user.id,
      target: user.email,
    });
    let session: PasswordLinkUse["session"] = null;
    if (opts.session) {
      await tx.update(staffUsers).set({ lastSignInAt: now }).where(eq(staffUsers.id, user.id));
      await recordAudit(tx, actor, { action: "auth.sign-in", entityId: user.id, target: user.email });
      session = await createSession(tx, user.id, { ...opts.session, ip: opts.ip, userAgent: opts.userAgent });
    }
    return { user, session, ended };
  });
  if (used.ended > 0) await announceSessionsEnded(deps.bus, used.user.id);
  return { user: used.user, session: used.session };
}

function refuseUnusable(link: PasswordLink) {
  if (link.status === "usable") return link;
  if (link.status === "unknown") throw new NotFoundError("password-link");
  throw new ConflictError(`password-link-${link.status}`);
}
