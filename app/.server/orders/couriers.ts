import { eq, inArray } from "drizzle-orm";
import { TOPICS } from "../../lib/events";
import type { CourierFormValues } from "../../lib/order-forms";
import { audited, changedFields } from "../audit/audit";
import type { Db } from "../db/client";
import { deliveryPersonnel, orders } from "../db/schema";
import { NotFoundError } from "../errors";
import { type OrdersDeps, publishTracking, selectOrders } from "./orders";

/**
 * Couriers (delivery_personnel). The original product only read them; staff add, edit and
 * remove them here. A change shows on the tracking pages of the orders they carry.
 */

export async function listCouriers(db: Db) {
  return db
    .select({ id: deliveryPersonnel.id, name: deliveryPersonnel.name, phone: deliveryPersonnel.phone })
    .from(deliveryPersonnel)
    .orderBy(deliveryPersonnel.name);
}
export type Courier = Awaited<ReturnType<typeof listCouriers>>[number];

/** Orders showing a courier change on their tracking page. */
async function announceCourierOrders(deps: OrdersDeps, courierId: string) {
  const rows = await selectOrders(deps.db).where(eq(orders.deliveryPersonId, courierId)).limit(500);
  for (const row of rows) await publishTracking(deps, row);
}

const courierColumns = {
  id: deliveryPersonnel.id,
  name: deliveryPersonnel.name,
  phone: deliveryPersonnel.phone,
};

export async function createCourier(deps: OrdersDeps, data: CourierFormValues): Promise<Courier> {
  const row = await audited(deps.db, deps.actor ?? null, async (tx) => {
    const [row] = await tx.insert(deliveryPersonnel).values(data).returning(courierColumns);
    if (!row) throw new Error("courier insert returned nothing");
    return {
      result: row,
      audit: { action: "courier.created", entityId: row.id, target: row.name, changes: { ...data } },
    };
  });
  await deps.bus.publish(TOPICS.staff, "courier.changed", { id: row.id, action: "created" });
  return row;
}

export async function updateCourier(deps: OrdersDeps, id: string, data: CourierFormValues): Promise<Courier> {
  const row = await audited(deps.db, deps.actor ?? null, async (tx) => {
    const [before] = await tx
      .select(courierColumns)
      .from(deliveryPersonnel)
      .where(eq(deliveryPersonnel.id, id))
      .for("update");
    if (!before) throw new NotFoundError("courier");
    const [row] = await tx
      .update(deliveryPersonnel)
      .set(data)
      .where(eq(deliveryPersonnel.id, id))
      .returning(courierColumns);
    // The row is locked above, so the update always returns it.
    if (!row) throw new Error("courier update returned nothing");
    return {
      result: row,
      audit: {
        action: "courier.updated",
        entityId: id,
        target: row.name,
        changes: changedFields(before, row, ["name", "phone"]),
      },
    };
  });
  await deps.bus.publish(TOPICS.staff, "courier.changed", { id, action: "updated" });
  await announceCourierOrders(deps, id);
  return row;
}

/** Removing a courier leaves their orders 'No asignado' (the foreign key sets null). */
export async function deleteCourier(deps: OrdersDeps, id: string): Promise<void> {
  const affected = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.deliveryPersonId, id))
    .limit(500);
  await audited(deps.db, deps.actor ?? null, async (tx) => {
    const [gone] = await tx
      .delete(deliveryPersonnel)
      .where(eq(deliveryPersonnel.id, id))
      .returning(courierColumns);
    if (!gone) throw new NotFoundError("courier");
    return {
      result: gone,
      audit: {
        action: "courier.deleted",
        entityId: id,
        target: gone.name,
        changes: { name: gone.name, phone: gone.phone },
      },
    };
  });
  await deps.bus.publish(TOPICS.staff, "courier.changed", { id, action: "deleted" });
  if (affected.length > 0) {
    const rows = await selectOrders(deps.db).where(
      inArray(
        orders.id,
        affected.map((o) => o.id),
      ),
    );
    for (const row of rows) await publishTracking(deps, row);
  }
}
