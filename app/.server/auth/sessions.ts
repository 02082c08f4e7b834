import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { type StaffRole, sessions, staffUsers } from "../db/schema";
import type { EventBus } from "../events/bus";

export type StaffUser = { id: string; email: string; name: string; role: StaffRole };

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

// Sliding expiry: a session in use is pushed forward at most once an hour.
const RENEW_AFTER_MS = 60 * 60 * 1000;

export async function createSession(
  db: Db,
  userId: string,
  opts: { ttlHours: number; ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + opts.ttlHours * 3600_000);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt,
    ip: opts.ip?.slice(0, 100),
    userAgent: opts.userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

export type SessionLookup = { user: StaffUser; expiresAt: Date; renewed: boolean } | null;

/** Finds the live session for a cookie token and renews it when it has been in use a while. */
export async function readSession(db: Db, token: string, ttlHours: number): Promise<SessionLookup> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const now = new Date();
  const [row] = await db
    .select({
      expiresAt: sessions.expiresAt,
      renewedAt: sessions.renewedAt,
      user: { id: staffUsers.id, email: staffUsers.email, name: staffUsers.name, role: staffUsers.role },
    })
    .from(sessions)
    .innerJoin(staffUsers, eq(staffUsers.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), isNull(staffUsers.deactivatedAt)))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.renewedAt.getTime() < RENEW_AFTER_MS) {
    return { user: row.user, expiresAt: row.expiresAt, renewed: false };
  }
  const expiresAt = new Date(now.getTime() + ttlHours * 3600_000);
  await db.update(sessions).set({ expiresAt, renewedAt: now }).where(eq(sessions.id, id));
  return { user: row.user, expiresAt, renewed: true };
}

/** Where the end of a person's sessions is announced: their live streams close on every instance. */
export const AUTH_TOPIC = "auth";
export type SessionsEnded = { userId: string };

/**
 * Ends every session of a person (deactivation, password reset, 'Cerrar sesiones'). Call inside
 * the change's transaction; announce with `announceSessionsEnded` once it has committed.
 */
export async function deleteUserSessions(db: Db, userId: string, exceptToken?: string): Promise<number> {
  const mine = eq(sessions.userId, userId);
  const gone = await db
    .delete(sessions)
    .where(exceptToken ? and(mine, ne(sessions.id, hashToken(exceptToken))) : mine)
    .returning({ id: sessions.id });
  return gone.length;
}

export async function announceSessionsEnded(bus: EventBus, userId: string): Promise<void> {
  await bus.publish(AUTH_TOPIC, "sessions.ended", { userId } satisfies SessionsEnded);
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export async function deleteExpiredSessions(db: Db): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, new Date()))
    .returning({ id: sessions.id });
  return rows.length;
}
