import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, ne, or } from "drizzle-orm";
import { TOPICS } from "../../lib/events";
import type { Db } from "../db/client";
import { type StaffRole, sessions, staffUsers } from "../db/schema";
import type { EventBus } from "../events/bus";

export type StaffUser = { id: string; email: string; name: string; role: StaffRole };

/**
 * How long a session lives: `ttlHours` after it was last used (renewed while in use), and never
 * longer than `maxDays` after sign-in, so a stolen cookie cannot be kept alive forever.
 */
export type SessionLifetime = { ttlHours: number; maxDays: number };

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

// Sliding expiry: a session in use is pushed forward at most once an hour.
const RENEW_AFTER_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 3600_000;

/** A session ends at the earlier of `ttlHours` from now and its absolute end. */
const expiryFrom = (now: number, createdAt: number, life: SessionLifetime) =>
  new Date(Math.min(now + life.ttlHours * 3600_000, createdAt + life.maxDays * DAY_MS));

export async function createSession(
  db: Db,
  userId: string,
  opts: SessionLifetime & { ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const expiresAt = expiryFrom(now.getTime(), now.getTime(), opts);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    expiresAt,
    ip: opts.ip?.slice(0, 100),
    userAgent: opts.userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

export type SessionLookup = { user: StaffUser; expiresAt: Date; renewed: boolean } | null;

/** Live = not expired and younger than the absolute lifetime. */
const liveSession = (id: string, now: Date, maxDays: number) =>
  and(
    eq(sessions.id, id),
    gt(sessions.expiresAt, now),
    gt(sessions.createdAt, new Date(now.getTime() - maxDays * DAY_MS)),
  );

/** Finds the live session for a cookie token and renews it when it has been in use a while. */
export async function readSession(db: Db, token: string, life: SessionLifetime): Promise<SessionLookup> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const now = new Date();
  const [row] = await db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      renewedAt: sessions.renewedAt,
      user: { id: staffUsers.id, email: staffUsers.email, name: staffUsers.name, role: staffUsers.role },
    })
    .from(sessions)
    .innerJoin(staffUsers, eq(staffUsers.id, sessions.userId))
    // A deactivated person has no sessions; the check stands guard all the same.
    .where(and(liveSession(id, now, life.maxDays), isNull(staffUsers.deactivatedAt)))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.renewedAt.getTime() < RENEW_AFTER_MS) {
    return { user: row.user, expiresAt: row.expiresAt, renewed: false };
  }
  const expiresAt = expiryFrom(now.getTime(), row.createdAt.getTime(), life);
  await db.update(sessions).set({ expiresAt, renewedAt: now }).where(eq(sessions.id, id));
  return { user: row.user, expiresAt, renewed: true };
}

/** Whether the session behind a token still exists (a live stream asks this now and then). */
export async function sessionIsLive(db: Db, token: string, maxDays: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(liveSession(hashToken(token), new Date(), maxDays))
    .limit(1);
  return !!row;
}

/** Deletes one session (logout); returns whose it was. */
export async function deleteSession(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.id, hashToken(token)))
    .returning({ userId: sessions.userId });
  return row?.userId ?? null;
}

/**
 * Ends every session of a person (password reset, deactivation, 'Cerrar sesiones', a changed
 * bootstrap password), but the one of `exceptToken` (a person changing their own password stays
 * signed in there). Call inside the change's transaction; announce once it has committed.
 */
export async function deleteUserSessions(db: Db, userId: string, exceptToken?: string): Promise<number> {
  const mine = eq(sessions.userId, userId);
  const gone = await db
    .delete(sessions)
    .where(exceptToken ? and(mine, ne(sessions.id, hashToken(exceptToken))) : mine)
    .returning({ id: sessions.id });
  return gone.length;
}

/**
 * Tells every instance that `userId`'s sessions changed, so their live streams re-check at once
 * instead of at the next periodic check (events/sse.ts).
 */
export async function announceSessionsEnded(bus: EventBus, userId: string): Promise<void> {
  await bus.publish(TOPICS.sessions, "sessions.ended", { userId });
}

export async function deleteExpiredSessions(db: Db, maxDays = 365): Promise<number> {
  const now = Date.now();
  const rows = await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, new Date(now)), lt(sessions.createdAt, new Date(now - maxDays * DAY_MS))),
    )
    .returning({ id: sessions.id });
  return rows.length;
}
