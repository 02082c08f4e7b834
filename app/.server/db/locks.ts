import { sql } from "drizzle-orm";
import type { Db } from "./client";

/** A transaction's handle, as `db.transaction` passes it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Transaction-level advisory lock keys: one per rule that counts rows before inserting, so two
 * uploads at once cannot both see room for one more. (7355608 is the migrations' lock in
 * client.ts and 7355609 the event bus's publish lock in events/bus.ts.)
 */
export const LOCKS = {
  heroImages: 7355610,
  customerPhotos: 7355611,
  pushSubscriptions: 7355612,
  staffRows: 7355613,
  /** Special dates (/admin/avisos): two saves at once cannot both miss each other's overlap. */
  specialHours: 7355614,
} as const;

/**
 * Session-level advisory lock held by the connection of a running backup (app/.server/backup/):
 * one backup at a time per database, whichever instance or command starts it. A key of its own:
 * advisory locks share one key space, and a transaction holding another rule's lock (it once
 * shared pushSubscriptions') would make a backup look already running, or wait for one.
 */
export const BACKUP_LOCK = 7355615;

/**
 * Runs `fn` in one transaction holding `lock` until it commits or rolls back: the same on PGlite
 * and on Postgres, and across instances sharing one Postgres.
 */
export function withLock<T>(db: Db, lock: keyof typeof LOCKS, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS[lock]})`);
    return fn(tx);
  });
}
