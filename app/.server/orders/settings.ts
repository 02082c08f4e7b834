import { eq } from "drizzle-orm";
import { mergeTransitDays, type TransitDays } from "../../lib/delivery";
import { TOPICS } from "../../lib/events";
import type { OrderSettingsValues } from "../../lib/order-forms";
import { ORDER_STATUSES, type OrderStatus } from "../../lib/orders";
import { audited, changedFields } from "../audit/audit";
import type { Db } from "../db/client";
import { orderSettings } from "../db/schema";
import type { Deps } from "../deps";
import type { EventBus } from "../events/bus";
import { createBusCache } from "../events/bus-cache";

/**
 * 'Ajustes de seguimiento' (docs/product.md §3.4, admin): whether a look-up by number alone shows
 * the address and phone (off by default: the visitor confirms the last 4 digits of the order's
 * phone), and the default transit days per destination. One row; a visitor's look-up reads it
 * through the cache below, staff screens and announcements from the database.
 */

export type OrderSettings = {
  showDeliveryDetails: boolean;
  transitDays: TransitDays;
  /** The statuses whose change e-mails a parcel's followers, and whether timeline notes do (issue 40). */
  mailStatuses: OrderStatus[];
  mailEvents: boolean;
};

const MAIL_STATUSES_DEFAULT: OrderStatus[] = ["enviando", "en_reparto", "entregado"];

export async function readOrderSettings(db: Db): Promise<OrderSettings> {
  const [row] = await db.select().from(orderSettings).where(eq(orderSettings.id, 1)).limit(1);
  return {
    showDeliveryDetails: row?.showDeliveryDetails ?? false,
    transitDays: mergeTransitDays(row?.transitDays),
    mailStatuses: (row?.mailStatuses ?? MAIL_STATUSES_DEFAULT).filter((x) => ORDER_STATUSES.includes(x)),
    mailEvents: row?.mailEvents ?? true,
  };
}

/**
 * The order settings in memory (a look-up reads them at every request; an admin changes them a
 * few times a year): dropped on this instance before the save returns, on the others when the
 * bus brings the announcement (milliseconds; the cache's time limit if it never comes).
 */
export function createOrderSettingsCache(opts: { db: Db; bus: EventBus; ttlMs?: number }) {
  return createBusCache<OrderSettings>({
    bus: opts.bus,
    topic: TOPICS.orderSettings,
    ttlMs: opts.ttlMs,
    load: async () => ({ value: await readOrderSettings(opts.db), keep: true }),
  });
}
export type OrderSettingsCache = ReturnType<typeof createOrderSettingsCache>;

/**
 * Saves the settings (audited) and, once committed, announces them on TOPICS.orderSettings, so
 * every instance's cache drops its copy.
 */
export async function saveOrderSettings(deps: Deps, values: OrderSettingsValues): Promise<OrderSettings> {
  const saved = await audited(deps.db, deps.actor ?? null, async (tx) => {
    const before = await readOrderSettings(tx);
    const next = {
      showDeliveryDetails: values.showDeliveryDetails,
      transitDays: values.transitDays,
      mailStatuses: values.mailStatuses ?? before.mailStatuses,
      mailEvents: values.mailEvents ?? before.mailEvents,
    };
    await tx
      .insert(orderSettings)
      .values({ id: 1, ...next, updatedAt: new Date() })
      .onConflictDoUpdate({ target: orderSettings.id, set: { ...next, updatedAt: new Date() } });
    const after = await readOrderSettings(tx);
    return {
      result: after,
      audit: {
        action: "order.settings",
        changes: changedFields(before, after, [
          "showDeliveryDetails",
          "transitDays",
          "mailStatuses",
          "mailEvents",
        ]),
      },
    };
  });
  await deps.bus.publish(TOPICS.orderSettings, "order-settings.changed", {});
  return saved;
}
