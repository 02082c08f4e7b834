import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { PushSubscriptionValues } from "../../lib/push";
import type { Db } from "../db/client";
import type { Tx } from "../db/locks";
import { type PushOwnerKind, pushDeliveries, pushSubscriptions } from "../db/schema";

/**
 * Push subscriptions by owner: a staff member (owner id: the user's id) or an order followed from
 * the tracking page (owner id: its tracking number). One browser may hold several.
 */

/** The subscriptions of one owner (a staff member, an order). */
const ownedBy = (owner: PushOwner) =>
  and(eq(pushSubscriptions.ownerKind, owner.kind), eq(pushSubscriptions.ownerId, owner.id));
export type PushOwner = { kind: PushOwnerKind; id: string };
export type StoredSubscription = {
  id: string;
  ownerId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
};

/** Stores (or refreshes the keys of) this browser's subscription for the owner. */
export async function saveSubscription(
  db: Db | Tx,
  owner: PushOwner,
  sub: PushSubscriptionValues,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({
      ownerKind: owner.kind,
      ownerId: owner.id,
      endpoint: sub.endpoint,
      p256dh: sub.p256dh,
      auth: sub.auth,
    })
    .onConflictDoUpdate({
      target: [pushSubscriptions.ownerKind, pushSubscriptions.ownerId, pushSubscriptions.endpoint],
      set: { p256dh: sub.p256dh, auth: sub.auth, goneAt: null },
    });
}

/** Opt-out: this browser no longer hears about this owner. True when there was something to remove. */
export async function removeSubscription(db: Db | Tx, owner: PushOwner, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(ownedBy(owner), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** Whether this browser is subscribed for the owner (the opt-in button's state). */
export async function isSubscribed(db: Db, owner: PushOwner, endpoint: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(ownedBy(owner), eq(pushSubscriptions.endpoint, endpoint)))
    .limit(1);
  return !!row;
}

export async function subscriptionsOf(
  db: Db,
  kind: PushOwnerKind,
  ownerIds: string[],
): Promise<StoredSubscription[]> {
  if (ownerIds.length === 0) return [];
  return db
    .select({
      id: pushSubscriptions.id,
      ownerId: pushSubscriptions.ownerId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.ownerKind, kind),
        inArray(pushSubscriptions.ownerId, ownerIds),
        isNull(pushSubscriptions.goneAt),
      ),
    );
}

export async function countSubscriptions(db: Db, owner: PushOwner): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(ownedBy(owner));
  return Number(row?.n ?? 0);
}

/**
 * Makes room for one more subscription of `owner` when it holds `max`: the ones the push service
 * said are gone go first, then the oldest. A new browser never finds an order full.
 */
export async function makeRoomFor(db: Db | Tx, owner: PushOwner, max: number): Promise<number> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(ownedBy(owner))
    .orderBy(
      sql`${pushSubscriptions.goneAt} is null`,
      asc(pushSubscriptions.createdAt),
      asc(pushSubscriptions.id),
    );
  const extra = rows.slice(0, Math.max(0, rows.length - max + 1)).map((r) => r.id);
  if (extra.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
  return extra.length;
}

/** Every subscription of an owner that is gone (a deleted order). */
export async function removeOwner(db: Db, owner: PushOwner): Promise<void> {
  await db.delete(pushSubscriptions).where(ownedBy(owner));
  await db
    .delete(pushDeliveries)
    .where(and(eq(pushDeliveries.ownerKind, owner.kind), eq(pushDeliveries.ownerId, owner.id)));
}

/**
 * Claims notification `key` for these owners: returns the ones that had not had it yet. Across
 * instances and retries, each owner gets a given notification once.
 */
export async function claimDeliveries(
  db: Db,
  kind: PushOwnerKind,
  ownerIds: string[],
  key: string,
): Promise<string[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db
    .insert(pushDeliveries)
    .values(ownerIds.map((ownerId) => ({ key, ownerKind: kind, ownerId })))
    .onConflictDoNothing()
    .returning({ ownerId: pushDeliveries.ownerId });
  return rows.map((r) => r.ownerId);
}

/** Chat message deliveries only matter while a message is new; order statuses are kept with the order. */
export async function pruneDeliveries(db: Db, olderThanDays = 7, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanDays * 24 * 3600_000);
  const rows = await db
    .delete(pushDeliveries)
    .where(and(eq(pushDeliveries.ownerKind, "staff"), lt(pushDeliveries.createdAt, cutoff)))
    .returning({ key: pushDeliveries.key });
  return rows.length;
}
