import { eq } from "drizzle-orm";
import { mergeTransitDays, type TransitDays } from "../../lib/delivery";
import type { OrderSettingsValues } from "../../lib/order-forms";
import { audited, changedFields, type WithActor } from "../audit/audit";
import type { Db } from "../db/client";
import { orderSettings } from "../db/schema";

/**
 * 'Ajustes de seguimiento' (docs/product.md §3.4, admin): whether a look-up by number alone shows
 * the address and phone (off by default: the visitor confirms the last 4 digits of the order's
 * phone), and the default transit days per destination. One row, read at each look-up.
 */

export type OrderSettings = { showDeliveryDetails: boolean; transitDays: TransitDays };

export async function readOrderSettings(db: Db): Promise<OrderSettings> {
  const [row] = await db.select().from(orderSettings).where(eq(orderSettings.id, 1)).limit(1);
  return {
    showDeliveryDetails: row?.showDeliveryDetails ?? false,
    transitDays: mergeTransitDays(row?.transitDays),
  };
}

/** Saves the settings (audited); every later look-up and announcement uses them. */
export async function saveOrderSettings(
  deps: { db: Db } & WithActor,
  values: OrderSettingsValues,
): Promise<OrderSettings> {
  return audited(deps.db, deps.actor ?? null, async (tx) => {
    const before = await readOrderSettings(tx);
    const next = { showDeliveryDetails: values.showDeliveryDetails, transitDays: values.transitDays };
    await tx
      .insert(orderSettings)
      .values({ id: 1, ...next, updatedAt: new Date() })
      .onConflictDoUpdate({ target: orderSettings.id, set: { ...next, updatedAt: new Date() } });
    const after = await readOrderSettings(tx);
    return {
      result: after,
      audit: {
        action: "order.settings",
        changes: changedFields(before, after, ["showDeliveryDetails", "transitDays"]),
      },
    };
  });
}
