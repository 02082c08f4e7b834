import type { PushSubscriptionValues } from "../../lib/push";
import { audited, type WithActor } from "../audit/audit";
import type { Db } from "../db/client";
import { withLock } from "../db/locks";
import { ConflictError, NotFoundError } from "../errors";
import { findByTracking } from "../orders/orders";
import { orderStatusKey } from "./rules";
import type { PushService } from "./send";
import {
  claimDeliveries,
  isSubscribed,
  makeRoomFor,
  removeSubscription,
  saveSubscription,
} from "./subscriptions";

/** Opting in and out (ADR 0014): a staff member's device, or a visitor's browser for one order. */

export type PushDeps = { db: Db; push: PushService };
/** Browsers one order may notify: enough for a family, too few to turn the site into a sender. */
export const MAX_ORDER_SUBSCRIPTIONS = 10;

function usable(push: PushService, sub: PushSubscriptionValues) {
  if (!push.enabled) throw new ConflictError("push-disabled");
  push.checkEndpoint(sub.endpoint);
}

/** A staff member's device: recorded in the activity log (who gets customers' messages where). */
export async function subscribeStaff(
  deps: PushDeps & WithActor,
  userId: string,
  sub: PushSubscriptionValues,
): Promise<void> {
  usable(deps.push, sub);
  await audited(deps.db, deps.actor ?? null, async (tx) => {
    await saveSubscription(tx, { kind: "staff", id: userId }, sub);
    return {
      result: undefined,
      audit: { action: "push.subscribed", entityId: userId, target: new URL(sub.endpoint).host },
    };
  });
}

export async function unsubscribeStaff(
  deps: PushDeps & WithActor,
  userId: string,
  endpoint: string,
): Promise<void> {
  await audited(deps.db, deps.actor ?? null, async (tx) => {
    const removed = await removeSubscription(tx, { kind: "staff", id: userId }, endpoint);
    const audit = removed
      ? {
          action: "push.unsubscribed" as const,
          entityId: userId,
          target: URL.canParse(endpoint) ? new URL(endpoint).host : undefined,
        }
      : null;
    return { result: undefined, audit };
  });
}

/**
 * Follows an order: its current status is already known, so only the next change notifies. An
 * order holds MAX_ORDER_SUBSCRIPTIONS: a new browser replaces the oldest (junk cannot lock the
 * customer out); `beforeNew` runs before a new subscription is stored (the per-address limit).
 */
export async function subscribeOrder(
  deps: PushDeps,
  trackingNumber: string,
  sub: PushSubscriptionValues,
  opts: { beforeNew?: () => Promise<void> } = {},
): Promise<void> {
  usable(deps.push, sub);
  const order = await findByTracking(deps.db, trackingNumber.toUpperCase());
  if (!order) throw new NotFoundError("order");
  const owner = { kind: "order" as const, id: order.trackingNumber };
  if (!(await isSubscribed(deps.db, owner, sub.endpoint))) {
    await opts.beforeNew?.();
    await withLock(deps.db, "pushSubscriptions", async (tx) => {
      await makeRoomFor(tx, owner, MAX_ORDER_SUBSCRIPTIONS);
      await saveSubscription(tx, owner, sub);
    });
  } else await saveSubscription(deps.db, owner, sub);
  await claimDeliveries(deps.db, "order", [owner.id], orderStatusKey(order));
}

export async function unsubscribeOrder(
  deps: PushDeps,
  trackingNumber: string,
  endpoint: string,
): Promise<void> {
  await removeSubscription(deps.db, { kind: "order", id: trackingNumber.toUpperCase() }, endpoint);
}
