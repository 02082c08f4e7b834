import { isEvent, trackingNumberOf } from "../../lib/events";
import type { Db } from "../db/client";
import type { EventBus } from "../events/bus";
import type { Logger } from "../logger";
import { notifyOrderEvent, notifyOrderStatus, notifyStaffOfMessage } from "./rules";
import type { PushService } from "./send";
import { removeOwner } from "./subscriptions";

/**
 * Sends push notifications in the background, from the event bus: the request that saved a
 * visitor's message or an order's status has already answered when this runs. Every instance
 * hears every event; push_deliveries makes sure one of them sends each notification.
 */
export function startPushNotifier(deps: { db: Db; bus: EventBus; push: PushService; logger: Logger }): {
  stop(): void;
  /** Resolves when everything queued so far has been sent (tests). */
  idle(): Promise<void>;
} {
  const { bus, push, logger } = deps;
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  const MAX_PENDING = 1000;
  const enqueue = (what: string, work: () => Promise<unknown>) => {
    if (pending >= MAX_PENDING) {
      logger.warn({ what }, "push: queue full, notification dropped");
      return;
    }
    pending++;
    queue = queue
      .then(async () => {
        await work();
      })
      .catch((err) => logger.error({ err }, `push: ${what} failed`))
      .finally(() => {
        pending--;
      });
  };
  const stop = push.enabled
    ? bus.subscribe((e) => {
        if (isEvent(e, "staff", "chat.message")) {
          const { message } = e.payload;
          if (message.sender === "client")
            enqueue("staff notification", () => notifyStaffOfMessage(deps, message));
        } else if (isEvent(e, "order", "order.updated")) {
          const order = e.payload;
          enqueue("order notification", () => notifyOrderStatus(deps, order));
          const eventId = order.newEventId;
          if (eventId) enqueue("order event notification", () => notifyOrderEvent(deps, order, eventId));
        } else if (isEvent(e, "order", "order.deleted")) {
          const trackingNumber = trackingNumberOf(e.topic);
          enqueue("order subscriptions cleanup", () =>
            removeOwner(deps.db, { kind: "order", id: trackingNumber }),
          );
        }
      })
    : () => {};
  return {
    stop,
    async idle() {
      let seen: Promise<void> | null = null;
      while (seen !== queue) {
        seen = queue;
        await queue;
      }
    },
  };
}
