import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { OrderStatus } from "../../lib/orders";
import type { Db } from "../db/client";
import { orderMailSubscriptions, orderSettings, orders } from "../db/schema";
import { type QueuedMail, queueMail, queueMails } from "../mail/queue";
import { enforceRateLimits } from "../ratelimit";

/**
 * Parcel notices by e-mail (issue 40): who follows a parcel (its sender's address, given at the
 * counter, and addresses visitors who unlocked its tracking page gave), and the messages they get
 * — written in the transaction of the change, so a change that committed always has its notices.
 * Which changes notify is the owner's choice ('Ajustes de seguimiento': mail_statuses, mail_events).
 */

const newToken = () => randomBytes(24).toString("base64url");

/** Follows an order at `email` (again, if it had stopped); the subscription's unsubscribe token. */
export async function followOrder(tx: Db, orderId: string, email: string): Promise<string> {
  const address = email.trim().toLowerCase();
  const [row] = await tx
    .insert(orderMailSubscriptions)
    .values({ orderId, email: address, token: newToken() })
    .onConflictDoUpdate({
      target: [orderMailSubscriptions.orderId, orderMailSubscriptions.email],
      set: { unsubscribedAt: null },
    })
    .returning({ token: orderMailSubscriptions.token });
  if (!row) throw new Error("subscription upsert returned nothing");
  return row.token;
}

type ParcelForMail = {
  id: string;
  trackingNumber: string;
  customerName: string;
  senderName: string | null;
  senderEmail: string | null;
  box: string | null;
  contents: { description: string; valueCents: number }[] | null;
  orderTotal: string | null;
  createdAt: Date;
};

/** A new parcel: its sender follows it, and gets the receipt with its tracking link. */
export async function queueParcelCreated(tx: Db, row: ParcelForMail): Promise<void> {
  if (!row.senderEmail) return;
  const unsubscribeToken = await followOrder(tx, row.id, row.senderEmail);
  await queueMail(tx, {
    kind: "parcel.created",
    to: row.senderEmail,
    dedupeKey: `parcel.created:${row.id}`,
    params: {
      trackingNumber: row.trackingNumber,
      recipientName: row.customerName,
      senderName: row.senderName,
      box: row.box,
      contents: row.contents,
      total: row.orderTotal,
      createdAt: row.createdAt.toISOString(),
      unsubscribeToken,
    },
  });
}

/** A sender's address given later (an edit): they follow the parcel from now on. */
export async function followBySender(tx: Db, orderId: string, senderEmail: string | null): Promise<void> {
  if (!senderEmail) return;
  await tx
    .insert(orderMailSubscriptions)
    .values({ orderId, email: senderEmail.trim().toLowerCase(), token: newToken() })
    .onConflictDoNothing();
}

/** What changed on the parcels: a status each reached (null when it did not change), and the timeline line. */
export type ParcelChange = {
  /** Each parcel's id and whether its status changed to `status`. */
  parcels: { id: string; statusChanged: boolean }[];
  status: OrderStatus | null;
  note: string | null;
  place: string | null;
  at: Date;
};

/**
 * Queues the notices of a change for every parcel's followers, when the owner chose to notify it:
 * a status reached that is in mail_statuses, or a timeline note or place with mail_events on.
 */
export async function queueParcelNotices(tx: Db, change: ParcelChange): Promise<void> {
  const hasLine = !!(change.note || change.place);
  const [settings] = await tx
    .select({ statuses: orderSettings.mailStatuses, events: orderSettings.mailEvents })
    .from(orderSettings)
    .limit(1);
  const statuses: readonly OrderStatus[] = settings?.statuses ?? ["enviando", "en_reparto", "entregado"];
  const events = settings?.events ?? true;
  const statusNotifies = !!change.status && statuses.includes(change.status);
  const notified = change.parcels.filter((p) => (p.statusChanged && statusNotifies) || (hasLine && events));
  if (notified.length === 0) return;
  const followers = await tx
    .select({
      orderId: orderMailSubscriptions.orderId,
      email: orderMailSubscriptions.email,
      token: orderMailSubscriptions.token,
      trackingNumber: orders.trackingNumber,
    })
    .from(orderMailSubscriptions)
    .innerJoin(orders, eq(orders.id, orderMailSubscriptions.orderId))
    .where(
      and(
        inArray(
          orderMailSubscriptions.orderId,
          notified.map((p) => p.id),
        ),
        isNull(orderMailSubscriptions.unsubscribedAt),
      ),
    );
  const changed = new Map(notified.map((p) => [p.id, p.statusChanged]));
  await queueMails(
    tx,
    followers.map(
      (f): QueuedMail<"parcel.update"> => ({
        kind: "parcel.update",
        to: f.email,
        params: {
          trackingNumber: f.trackingNumber,
          status: changed.get(f.orderId) ? change.status : null,
          note: change.note,
          place: change.place,
          at: change.at.toISOString(),
          unsubscribeToken: f.token,
        },
      }),
    ),
  );
}

/** The followers of an order as its unlocked tracking page lists them (addresses masked there). */
export async function orderFollowers(
  db: Db,
  trackingNumber: string,
): Promise<{ id: string; email: string }[]> {
  return db
    .select({ id: orderMailSubscriptions.id, email: orderMailSubscriptions.email })
    .from(orderMailSubscriptions)
    .innerJoin(orders, eq(orders.id, orderMailSubscriptions.orderId))
    .where(and(eq(orders.trackingNumber, trackingNumber), isNull(orderMailSubscriptions.unsubscribedAt)))
    .orderBy(orderMailSubscriptions.createdAt);
}

/** Followers one order may have: a page that asks for more is someone filling it with addresses. */
export const MAX_FOLLOWERS = 5;

/**
 * A visitor who unlocked the tracking page asks for its notices: followed, and told so by e-mail.
 * Limited per client network (10 an hour) and per order (MAX_FOLLOWERS addresses, 10 asks a day).
 */
export async function followFromTrackingPage(
  db: Db,
  args: { trackingNumber: string; email: string; clientIp: string },
): Promise<"followed" | "too-many" | "gone"> {
  await enforceRateLimits(db, [
    { scope: "order-mail-address", subject: args.clientIp, limit: 10, windowSeconds: 3600 },
    { scope: "order-mail-order", subject: args.trackingNumber, limit: 10, windowSeconds: 24 * 3600 },
  ]);
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.trackingNumber, args.trackingNumber))
      .for("update")
      .limit(1);
    if (!order) return "gone";
    const email = args.email.trim().toLowerCase();
    const followers = await orderFollowers(tx, args.trackingNumber);
    if (followers.length >= MAX_FOLLOWERS && !followers.some((f) => f.email === email)) return "too-many";
    const unsubscribeToken = await followOrder(tx, order.id, email);
    await queueMail(tx, {
      kind: "parcel.subscribed",
      to: email,
      params: { trackingNumber: args.trackingNumber, unsubscribeToken },
    });
    return "followed";
  });
}

/** Stops one follower of an order (the unlocked tracking page's 'Dejar de recibir'). */
export async function unfollowOrder(
  db: Db,
  trackingNumber: string,
  subscriptionId: string,
): Promise<boolean> {
  const rows = await db
    .update(orderMailSubscriptions)
    .set({ unsubscribedAt: sql`now()` })
    .where(
      and(
        eq(orderMailSubscriptions.id, subscriptionId),
        isNull(orderMailSubscriptions.unsubscribedAt),
        inArray(
          orderMailSubscriptions.orderId,
          db.select({ id: orders.id }).from(orders).where(eq(orders.trackingNumber, trackingNumber)),
        ),
      ),
    )
    .returning({ id: orderMailSubscriptions.id });
  return rows.length > 0;
}

/** The unsubscribe link's subscription: its parcel's number and whether it still receives notices. */
export async function subscriptionByToken(
  db: Db,
  token: string,
): Promise<{ trackingNumber: string; active: boolean } | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [row] = await db
    .select({ trackingNumber: orders.trackingNumber, unsubscribedAt: orderMailSubscriptions.unsubscribedAt })
    .from(orderMailSubscriptions)
    .innerJoin(orders, eq(orders.id, orderMailSubscriptions.orderId))
    .where(eq(orderMailSubscriptions.token, token))
    .limit(1);
  return row ? { trackingNumber: row.trackingNumber, active: !row.unsubscribedAt } : null;
}

/** One-click unsubscribe (the e-mail's link or List-Unsubscribe-Post): the parcel's number, or null. */
export async function unsubscribeByToken(db: Db, token: string): Promise<string | null> {
  const found = await subscriptionByToken(db, token);
  if (!found) return null;
  await db
    .update(orderMailSubscriptions)
    .set({ unsubscribedAt: sql`coalesce(${orderMailSubscriptions.unsubscribedAt}, now())` })
    .where(eq(orderMailSubscriptions.token, token));
  return found.trackingNumber;
}
