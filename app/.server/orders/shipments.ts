import { and, asc, desc, eq, inArray, isNotNull, max, notInArray, type SQL, sql } from "drizzle-orm";
import { DEFAULT_TIME_ZONE, formatDateTime, fromZonedInput } from "../../lib/dates";
import { TOPICS } from "../../lib/events";
import { type OrderStatus, STATUS_INFO } from "../../lib/orders";
import { PHONE_COUNTRIES } from "../../lib/phone";
import type { ShipmentAddValues, ShipmentEventValues, ShipmentValues } from "../../lib/shipment-forms";
import { type AuditEntry, audited, changedFields } from "../audit/audit";
import type { Db } from "../db/client";
import { orderEvents, orders, shipments } from "../db/schema";
import { InvalidInputError, NotFoundError } from "../errors";
import { queueParcelNotices } from "./mail-notices";
import {
  meantTrackingNumber,
  type OrderRow,
  type OrdersDeps,
  type StaffOrder,
  selectOrders,
  staffOrders,
  stageOrderChanges,
} from "./orders";

/**
 * Shipments ('Embarques', issue 39): the parcels that leave together in one container or flight.
 * Staff add parcels by their tracking numbers (typed or scanned) or from the orders list, and give
 * all of them, or a chosen few, one timeline event in one step: one transaction, a handful of
 * statements whatever the number of parcels, one line in the activity log, and each parcel's
 * tracking page told live (bench/shipments.mjs). The shipment's departure day is when its
 * parcels' transit time starts counting (app/lib/delivery.ts), so a change to it reaches their
 * pages too.
 */

export type ShipmentSummary = {
  id: string;
  reference: string;
  carrier: string | null;
  departsOn: string | null;
  destination: string | null;
  destinationName: string | null;
  parcels: number;
  /** Parcels delivered or cancelled: the shipment's work is done when it equals `parcels`. */
  done: number;
  createdAt: string;
};

export type ShipmentDetail = ShipmentSummary & { orders: StaffOrder[] };

/** Parcels whose journey ended: a batch event leaves them alone unless they are chosen. */
const FINISHED: OrderStatus[] = ["entregado", "cancelado"];

const countryName = (code: string | null) =>
  code ? (PHONE_COUNTRIES.find((c) => c.code === code)?.name ?? code) : null;

const shipmentColumns = {
  id: shipments.id,
  reference: shipments.reference,
  carrier: shipments.carrier,
  departsOn: shipments.departsOn,
  destination: shipments.destination,
  createdAt: shipments.createdAt,
  parcels: sql<number>`count(${orders.id})::int`,
  done: sql<number>`(count(${orders.id}) filter (where ${inArray(orders.status, FINISHED)}))::int`,
};

type SummaryRow = {
  id: string;
  reference: string;
  carrier: string | null;
  departsOn: string | null;
  destination: string | null;
  createdAt: Date;
  parcels: number;
  done: number;
};

const toSummary = (r: SummaryRow): ShipmentSummary => ({
  ...r,
  destinationName: countryName(r.destination),
  parcels: Number(r.parcels),
  done: Number(r.done),
  createdAt: r.createdAt.toISOString(),
});

function summaries(db: Db, where?: SQL) {
  return db
    .select(shipmentColumns)
    .from(shipments)
    .leftJoin(orders, eq(orders.shipmentId, shipments.id))
    .where(where)
    .groupBy(shipments.id);
}

/** The newest shipments first, with how many parcels each holds and how many arrived. */
export async function listShipments(db: Db, limit = 100): Promise<ShipmentSummary[]> {
  const rows = await summaries(db).orderBy(desc(shipments.createdAt), desc(shipments.id)).limit(limit);
  return rows.map(toSummary);
}

/** A shipment with its parcels (by tracking number); NotFoundError when there is none. */
export async function findShipment(db: Db, id: string, timeZone?: string): Promise<ShipmentDetail> {
  const [[row], parcels] = await Promise.all([
    summaries(db, eq(shipments.id, id)),
    selectOrders(db).where(eq(orders.shipmentId, id)).orderBy(asc(orders.trackingNumber)),
  ]);
  if (!row) throw new NotFoundError("shipment");
  return { ...toSummary(row), orders: await staffOrders(db, parcels, timeZone) };
}

/** The places staff wrote on timelines, the most recent first: the event forms suggest them. */
export async function recentPlaces(db: Db, limit = 40): Promise<string[]> {
  const last = max(orderEvents.at);
  const rows = await db
    .select({ place: orderEvents.place })
    .from(orderEvents)
    .where(isNotNull(orderEvents.place))
    .groupBy(orderEvents.place)
    .orderBy(desc(last))
    .limit(limit);
  return rows.flatMap((r) => (r.place ? [r.place] : []));
}

async function lockShipment(tx: Db, id: string) {
  const [row] = await tx.select().from(shipments).where(eq(shipments.id, id)).for("update");
  if (!row) throw new NotFoundError("shipment");
  return row;
}

/** The parcels of these ids (a shipment's, re-read after a change). */
const parcelsById = (tx: Db, ids: string[]) =>
  ids.length === 0 ? Promise.resolve([] as OrderRow[]) : selectOrders(tx).where(inArray(orders.id, ids));

/**
 * Tells the shipments screen that one changed, and every parcel's page what it shows now (its
 * estimate counts from the shipment's departure), in the change's transaction.
 */
async function stageShipment(
  tx: Db,
  deps: OrdersDeps,
  id: string,
  action: "created" | "updated" | "deleted",
  parcels: OrderRow[],
  newEventIds?: ReadonlyMap<string, string>,
) {
  await deps.bus.stage(tx, [{ topic: TOPICS.staff, type: "shipment.changed", payload: { id, action } }]);
  if (parcels.length > 0) await stageOrderChanges(tx, deps, parcels, newEventIds);
}

/** In one audited transaction, delivered to screens once committed. */
async function inShipment<T>(
  deps: OrdersDeps,
  work: (tx: Db) => Promise<{ result: T; audit: AuditEntry }>,
): Promise<T> {
  const out = await audited(deps.db, deps.actor ?? null, work);
  await deps.bus.deliver();
  return out;
}

const AUDITED = ["reference", "carrier", "departsOn", "destination"] as const;

/** Creates a shipment (`id` undefined) or saves its details. */
export async function saveShipment(
  deps: OrdersDeps,
  id: string | undefined,
  values: ShipmentValues,
  now = new Date(),
): Promise<ShipmentSummary> {
  return inShipment(deps, async (tx) => {
    if (!id) {
      const [made] = await tx
        .insert(shipments)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning();
      if (!made) throw new Error("shipment insert returned nothing");
      await stageShipment(tx, deps, made.id, "created", []);
      return {
        result: toSummary({ ...made, parcels: 0, done: 0 }),
        audit: {
          action: "shipment.created",
          entityId: made.id,
          target: made.reference,
          changes: { ...values },
        },
      };
    }
    const before = await lockShipment(tx, id);
    await tx
      .update(shipments)
      .set({ ...values, updatedAt: now })
      .where(eq(shipments.id, id));
    const [row] = await summaries(tx, eq(shipments.id, id));
    if (!row) throw new NotFoundError("shipment");
    // A new departure day moves every parcel's estimate: their pages hear it.
    const moved = before.departsOn !== values.departsOn;
    const parcels = moved ? await selectOrders(tx).where(eq(orders.shipmentId, id)) : [];
    await stageShipment(tx, deps, id, "updated", parcels);
    return {
      result: toSummary(row),
      audit: {
        action: "shipment.updated",
        entityId: id,
        target: row.reference,
        changes: changedFields(before, values, AUDITED),
      },
    };
  });
}

/** Deletes a shipment; its parcels stay, outside any shipment. */
export async function deleteShipment(deps: OrdersDeps, id: string): Promise<void> {
  await inShipment(deps, async (tx) => {
    const before = await lockShipment(tx, id);
    const ids = (
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.shipmentId, id)).for("update")
    ).map((r) => r.id);
    await tx.delete(shipments).where(eq(shipments.id, id));
    await stageShipment(tx, deps, id, "deleted", await parcelsById(tx, ids));
    return {
      result: undefined,
      audit: {
        action: "shipment.deleted",
        entityId: id,
        target: before.reference,
        changes: { reference: before.reference, parcels: ids.length },
      },
    };
  });
}

export type ShipmentAddResult = {
  reference: string;
  /** Tracking numbers now in the shipment that were not before. */
  added: string[];
  /** Of those, the ones taken from another shipment (their number and where they were). */
  moved: { trackingNumber: string; from: string }[];
  /** Already in this shipment: nothing to do. */
  already: string[];
  /** Typed numbers no order has. */
  missing: string[];
};

/** The orders the typed numbers name: as stored, else as meant (the code alone, O for 0, I for 1). */
async function ordersOfNumbers(tx: Db, numbers: string[]): Promise<{ ids: string[]; missing: string[] }> {
  if (numbers.length === 0) return { ids: [], missing: [] };
  const exact = await tx
    .select({ id: orders.id, trackingNumber: orders.trackingNumber })
    .from(orders)
    .where(inArray(orders.trackingNumber, numbers));
  const found = new Map(exact.map((r) => [r.trackingNumber, r.id]));
  const ids = exact.map((r) => r.id);
  const missing: string[] = [];
  for (const typed of numbers.filter((n) => !found.has(n))) {
    const meant = await meantTrackingNumber(tx, typed);
    const [row] = meant
      ? await tx.select({ id: orders.id }).from(orders).where(eq(orders.trackingNumber, meant))
      : [];
    if (row) ids.push(row.id);
    else missing.push(typed);
  }
  return { ids: [...new Set(ids)], missing };
}

/**
 * Puts parcels in a shipment by their numbers (typed, pasted, scanned) or their ids (ticked in
 * the orders list). A parcel in another shipment moves to this one, and the answer says so.
 * When no number typed names an order, nothing changes and the refusal names them.
 */
export async function addToShipment(
  deps: OrdersDeps,
  id: string,
  values: ShipmentAddValues,
  now = new Date(),
): Promise<ShipmentAddResult> {
  return inShipment(deps, async (tx) => {
    const shipment = await lockShipment(tx, id);
    const byNumber = await ordersOfNumbers(tx, values.numbers);
    const wanted = [...new Set([...byNumber.ids, ...values.orderIds])];
    if (wanted.length === 0) {
      throw new InvalidInputError("parcels-missing", "numbers", byNumber.missing.join(", "));
    }
    const current = await selectOrders(tx)
      .where(inArray(orders.id, wanted))
      .orderBy(asc(orders.trackingNumber))
      .for("update", { of: orders });
    // An order ticked in the list was deleted meanwhile.
    const found = new Set(current.map((r) => r.id));
    if (values.orderIds.some((o) => !found.has(o))) throw new NotFoundError("order");
    const already = current.filter((r) => r.shipmentId === id);
    const joining = current.filter((r) => r.shipmentId !== id);
    if (joining.length > 0) {
      await tx
        .update(orders)
        .set({ shipmentId: id, updatedAt: now })
        .where(
          inArray(
            orders.id,
            joining.map((r) => r.id),
          ),
        );
    }
    const parcels = await parcelsById(
      tx,
      joining.map((r) => r.id),
    );
    await stageShipment(tx, deps, id, "updated", parcels);
    const added = joining.map((r) => r.trackingNumber);
    return {
      result: {
        reference: shipment.reference,
        added,
        moved: joining.flatMap((r) =>
          r.shipmentReference ? [{ trackingNumber: r.trackingNumber, from: r.shipmentReference }] : [],
        ),
        already: already.map((r) => r.trackingNumber),
        missing: byNumber.missing,
      },
      audit: {
        action: "shipment.parcels-added",
        entityId: id,
        target: shipment.reference,
        changes: { parcels: added.join(", ") },
      },
    };
  });
}

/** Takes one parcel out of its shipment (it stays an order, outside any shipment). */
export async function removeFromShipment(
  deps: OrdersDeps,
  id: string,
  orderId: string,
  now = new Date(),
): Promise<{ trackingNumber: string; reference: string }> {
  return inShipment(deps, async (tx) => {
    const shipment = await lockShipment(tx, id);
    const [gone] = await tx
      .update(orders)
      .set({ shipmentId: null, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.shipmentId, id)))
      .returning({ trackingNumber: orders.trackingNumber });
    if (!gone) throw new NotFoundError("order");
    await stageShipment(tx, deps, id, "updated", await parcelsById(tx, [orderId]));
    return {
      result: { trackingNumber: gone.trackingNumber, reference: shipment.reference },
      audit: {
        action: "shipment.parcel-removed",
        entityId: id,
        target: shipment.reference,
        changes: { parcels: gone.trackingNumber },
      },
    };
  });
}

export type ShipmentEventResult = {
  reference: string;
  /** How many parcels got the event. */
  updated: number;
  /** Delivered or cancelled parcels an event for the whole shipment left alone. */
  skipped: number;
};

/** An event's time may be a little ahead of the server's clock (a phone's), not more. */
const FUTURE_SLACK_MS = 10 * 60_000;

/**
 * 'Añadir novedad a todos': one timeline event — status, place, note, time — for every parcel of
 * the shipment still on its way (or for the ones chosen, whatever their state), in one
 * transaction: one update per kind of change, one insert of all the lines, one audit entry. A
 * status's first time is the event's (the spec's timestamp rule, statusChangePatch, kept in SQL).
 */
export async function addShipmentEvent(
  deps: OrdersDeps,
  id: string,
  values: ShipmentEventValues,
  now = new Date(),
): Promise<ShipmentEventResult> {
  const at = fromZonedInput(values.at, deps.timeZone ?? DEFAULT_TIME_ZONE);
  if (!at) throw new InvalidInputError("event-time", "at");
  if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) throw new InvalidInputError("event-future", "at");
  return inShipment(deps, async (tx) => {
    const shipment = await lockShipment(tx, id);
    const inShipmentNow = eq(orders.shipmentId, id);
    const chosen = values.orderIds.length > 0;
    const targets = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(chosen ? and(inShipmentNow, inArray(orders.id, values.orderIds)) : inShipmentNow)
      .for("update");
    const moving = chosen ? targets : targets.filter((t) => !FINISHED.includes(t.status));
    if (moving.length === 0) throw new InvalidInputError(chosen ? "parcels-gone" : "shipment-empty");
    const ids = moving.map((t) => t.id);
    const { status, note, place } = values;
    if (status) {
      // statusChangePatch for many rows: the status's own time is set once, when first reached.
      const field = STATUS_INFO[status].field;
      await tx
        .update(orders)
        .set({ status, updatedAt: now, [field]: sql`coalesce(${orders[field]}, ${at})` })
        .where(inArray(orders.id, ids));
    } else {
      await tx.update(orders).set({ updatedAt: now }).where(inArray(orders.id, ids));
    }
    const lines = await tx
      .insert(orderEvents)
      .values(ids.map((orderId) => ({ orderId, status, note, place, at })))
      .returning({ id: orderEvents.id, orderId: orderEvents.orderId });
    await tx.update(shipments).set({ updatedAt: now }).where(eq(shipments.id, id));
    const newEventIds = new Map(lines.map((l) => [l.orderId, l.id]));
    await queueParcelNotices(tx, {
      parcels: moving.map((t) => ({ id: t.id, statusChanged: !!status && t.status !== status })),
      status,
      note,
      place,
      at,
    });
    await stageShipment(tx, deps, id, "updated", await parcelsById(tx, ids), newEventIds);
    return {
      result: { reference: shipment.reference, updated: ids.length, skipped: targets.length - ids.length },
      audit: {
        action: "shipment.event",
        entityId: id,
        target: shipment.reference,
        changes: {
          parcels: ids.length,
          ...(status ? { status } : {}),
          ...(note ? { note } : {}),
          ...(place ? { place } : {}),
          eventAt: formatDateTime(at, deps.timeZone),
        },
      },
    };
  });
}

/** Shipments a parcel can join (the order dialog's choice): the newest ones with parcels still on their way, or none yet. */
export async function openShipments(db: Db, limit = 30): Promise<{ id: string; reference: string }[]> {
  return db
    .select({ id: shipments.id, reference: shipments.reference })
    .from(shipments)
    .leftJoin(orders, eq(orders.shipmentId, shipments.id))
    .groupBy(shipments.id)
    .having(sql`count(${orders.id}) = 0 or bool_or(${notInArray(orders.status, FINISHED)})`)
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(limit);
}
