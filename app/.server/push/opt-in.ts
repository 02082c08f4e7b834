import type { PushSubscriptionValues } from "../../lib/push";
import type { Db } from "../db/client";
import { ConflictError, NotFoundError } from "../errors";
import { findByTracking } from "../orders/orders";
import { orderStatusKey } from "./rules";
import type { PushService } from "./send";
import {
  claimDeliveries,
  countSubscriptions,
  isSubscribed,
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

export async function subscribeStaff(
  deps: PushDeps,
  userId: string,
  sub: PushSubscriptionValues,
): Promise<void> {
  usable(deps.push, sub);
  await saveSubscription(deps.db, { kind: "staff", id: userId }, sub);
}

export async function unsubscribeStaff(deps: PushDeps, userId: string, endpoint: string): Promise<void> {
  await removeSubscription(deps.db, { kind: "staff", id: userId }, endpoint);
}

/** Follows an order: its current status is already known, so only the next change notifies. */
export async function subscribeOrder(
  deps: PushDeps,
  trackingNumber: string,
  sub: PushSubscriptionValues,
): Promise<void> {
  usable(deps.push, sub);
  const order = await findByTracking(deps.db, trackingNumber.toUpperCase());
  if (!order) throw new NotFoundError("order");
  const owner = { kind: "order" as const, id: order.trackingNumber };
  const known = await isSubscribed(deps.db, owner, sub.endpoint);
  if (!known && (await countSubscriptions(deps.db, owner)) >= MAX_ORDER_SUBSCRIPTIONS)
    throw new ConflictError("push-too-many");
  await saveSubscription(deps.db, owner, sub);
  await claimDeliveries(deps.db, "order", [owner.id], orderStatusKey(order));
}

export async function unsubscribeOrder(
  deps: PushDeps,
  trackingNumber: string,
  endpoint: string,
): Promise<void> {
  await removeSubscription(deps.db, { kind: "order", id: trackingNumber.toUpperCase() }, endpoint);
}
