import { and, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { PageCursor, PageLinks } from "../../lib/keyset";
import type { OrderEditValues, OrderFormValues } from "../../lib/order-forms";
import { ORDERS_PAGE_SIZE, type OrderStatus, statusChangePatch, type TrackingView } from "../../lib/orders";
import { audited, changedFields, pick, type WithActor } from "../audit/audit";
import type { Db } from "../db/client";
import { keysetPage } from "../db/keyset";
import { deliveryPersonnel, orders } from "../db/schema";
import { isUniqueViolation, NotFoundError } from "../errors";
import type { EventBus } from "../events/bus";
import { generateTrackingNumber } from "./tracking";

/**
 * Orders (docs/product.md §4.1): the staff list, create and edit, 'Cambiar a {status}' with the
 * status timestamp rule (statusChangePatch in app/lib/orders.ts), delete, and the public
 * look-up. Every change is announced to staff screens and to the order's tracking page.
 */

/** What order functions need: the database and the bus that tells screens about changes. */
export type OrdersDeps = { db: Db; bus: EventBus } & WithActor;

/** The fields of an order the audit log compares. */
const AUDITED = [
  "customerName",
  "customerPhone",
  "customerAddress",
  "orderDescription",
  "orderTotal",
  "status",
  "deliveryPersonId",
  "estimatedDeliveryTime",
  "notes",
] as const;

export const STAFF_TOPIC = "staff";
export type { TrackingView };
export const orderTopic = (trackingNumber: string) => `order:${trackingNumber}`;

const orderColumns = {
  id: orders.id,
  trackingNumber: orders.trackingNumber,
  customerName: orders.customerName,
  customerPhone: orders.customerPhone,
  customerAddress: orders.customerAddress,
  orderDescription: orders.orderDescription,
  orderTotal: orders.orderTotal,
  status: orders.status,
  deliveryPersonId: orders.deliveryPersonId,
  estimatedDeliveryTime: orders.estimatedDeliveryTime,
  notes: orders.notes,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  enLocalAt: orders.enLocalAt,
  enviandoAt: orders.enviandoAt,
  enRepartoAt: orders.enRepartoAt,
  entregadoAt: orders.entregadoAt,
  canceladoAt: orders.canceladoAt,
  courierName: deliveryPersonnel.name,
  courierPhone: deliveryPersonnel.phone,
};

export type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

export function selectOrders(db: Db) {
  return db
    .select(orderColumns)
    .from(orders)
    .leftJoin(deliveryPersonnel, eq(deliveryPersonnel.id, orders.deliveryPersonId));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toTrackingView(o: OrderRow): TrackingView {
  return {
    trackingNumber: o.trackingNumber,
    status: o.status,
    customerName: o.customerName,
    customerPhone: o.customerPhone,
    customerAddress: o.customerAddress,
    orderDescription: o.orderDescription,
    orderTotal: o.orderTotal,
    estimatedDeliveryTime: o.estimatedDeliveryTime,
    notes: o.notes,
    courier: o.courierName ? { name: o.courierName, phone: o.courierPhone } : null,
    enLocalAt: iso(o.enLocalAt),
    enviandoAt: iso(o.enviandoAt),
    enRepartoAt: iso(o.enRepartoAt),
    entregadoAt: iso(o.entregadoAt),
    canceladoAt: iso(o.canceladoAt),
    updatedAt: o.updatedAt.toISOString(),
  };
}

/** Public look-up by tracking number (docs/product.md §4.2): at most one order, or null. */
export async function findByTracking(db: Db, trackingNumber: string): Promise<TrackingView | null> {
  const [row] = await selectOrders(db).where(eq(orders.trackingNumber, trackingNumber)).limit(1);
  return row ? toTrackingView(row) : null;
}

export type StaffOrder = ReturnType<typeof toStaffOrder>;
function toStaffOrder(o: OrderRow) {
  return {
    ...toTrackingView(o),
    id: o.id,
    deliveryPersonId: o.deliveryPersonId,
    createdAt: o.createdAt.toISOString(),
  };
}

export type OrderListQuery = {
  q?: string;
  status?: OrderStatus | null;
  /** Orders older than this one (the next page)... */
  after?: PageCursor | null;
  /** ...or newer than this one (the previous page). */
  before?: PageCursor | null;
  limit?: number;
};

export type OrderPage = { items: StaffOrder[]; total: number } & PageLinks;

/** What the text search and the status filter leave (undefined: every order). */
function listCondition(filter: OrderListQuery): SQL | undefined {
  const conds = [];
  const q = filter.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Phones are stored as E.164: '777-12' or '(305) 777' finds them by their digits.
    const digits = q.replace(/\D/g, "");
    conds.push(
      or(
        ilike(orders.trackingNumber, like),
        ilike(orders.customerName, like),
        ilike(orders.customerPhone, like),
        digits.length >= 3
          ? sql`strpos(regexp_replace(coalesce(${orders.customerPhone}, ''), '[^0-9]', '', 'g'), ${digits}) > 0`
          : undefined,
      ),
    );
  }
  if (filter.status) conds.push(eq(orders.status, filter.status));
  return conds.length ? and(...conds) : undefined;
}

/**
 * Staff list (docs/product.md §3.4): one page of orders, newest first, filtered by text (tracking,
 * customer, phone) and status, with how many orders the filter holds. Keyset pages on
 * (created_at, id) (app/lib/keyset.ts), so page 200 costs what page 1 costs.
 */
export async function listOrders(db: Db, filter: OrderListQuery = {}): Promise<OrderPage> {
  const limit = Math.min(Math.max(filter.limit ?? ORDERS_PAGE_SIZE, 1), 200);
  const keys = keysetPage(orders.createdAt, orders.id, { ...filter, limit });
  const where = listCondition(filter);
  const [rows, [count]] = await Promise.all([
    selectOrders(db)
      .where(and(where, keys.where))
      .orderBy(...keys.orderBy)
      .limit(keys.fetch),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  const page = keys.page(rows.map(toStaffOrder), (o) => ({ at: o.createdAt, key: o.id }));
  return { ...page, total: Number(count?.n ?? 0) };
}

/** An order by id; `lock` holds its row until the transaction ends (the edit compares before and after). */
async function loadById(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<OrderRow> {
  const query = selectOrders(db).where(eq(orders.id, id)).limit(1);
  const [row] = opts.lock ? await query.for("update", { of: orders }) : await query;
  if (!row) throw new NotFoundError("order");
  return row;
}

/** The audit log's record reference of an order: its id and tracking number. */
const about = (row: OrderRow) => ({ entityId: row.id, target: row.trackingNumber });

async function announce(deps: OrdersDeps, row: OrderRow, action: "created" | "updated") {
  await deps.bus.publish(STAFF_TOPIC, "order.changed", {
    id: row.id,
    trackingNumber: row.trackingNumber,
    action,
  });
  await deps.bus.publish(orderTopic(row.trackingNumber), "order.updated", toTrackingView(row));
}

/** New orders start en_local with en_local_at set (docs/product.md §4.1); the number is retried on a collision. */
export async function createOrder(
  deps: OrdersDeps,
  data: OrderFormValues,
  now = new Date(),
): Promise<StaffOrder> {
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await audited(deps.db, deps.actor ?? null, async (tx) => {
        const [created] = await tx
          .insert(orders)
          .values({
            ...data,
            trackingNumber: generateTrackingNumber(now),
            status: "en_local",
            enLocalAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: orders.id });
        const row = await loadById(tx, created!.id);
        return {
          result: row,
          audit: { action: "order.created", ...about(row), changes: pick(row, AUDITED) },
        };
      });
      await announce(deps, row, "created");
      return toStaffOrder(row);
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 4) throw err;
    }
  }
}

/** The edit form: every field, and the status timestamp rule for the chosen status. */
export async function updateOrder(
  deps: OrdersDeps,
  id: string,
  data: OrderEditValues,
  now = new Date(),
): Promise<StaffOrder> {
  const row = await audited(deps.db, deps.actor ?? null, async (tx) => {
    const current = await loadById(tx, id, { lock: true });
    const { status, ...fields } = data;
    const patch =
      current.status === status ? { status, updatedAt: now } : statusChangePatch(current, status, now);
    await tx
      .update(orders)
      .set({ ...fields, ...patch })
      .where(eq(orders.id, id));
    const row = await loadById(tx, id);
    const changes = changedFields(current, row, AUDITED);
    return { result: row, audit: { action: "order.updated", ...about(row), changes } };
  });
  await announce(deps, row, "updated");
  return toStaffOrder(row);
}

/** 'Cambiar a {status}' from the list. */
export async function changeOrderStatus(
  deps: OrdersDeps,
  id: string,
  status: OrderStatus,
  now = new Date(),
): Promise<StaffOrder> {
  const row = await audited(deps.db, deps.actor ?? null, async (tx) => {
    const current = await loadById(tx, id, { lock: true });
    await tx
      .update(orders)
      .set(statusChangePatch(current, status, now))
      .where(eq(orders.id, id));
    const row = await loadById(tx, id);
    return {
      result: row,
      audit: { action: "order.status", ...about(row), changes: { status: [current.status, row.status] } },
    };
  });
  await announce(deps, row, "updated");
  return toStaffOrder(row);
}

/**
 * Deletes an order and forgets its tracking events: they carry the customer's name, address and
 * phone, and a stream resuming from an old id must not replay them (the stream also refuses a
 * number whose order is gone). Only the content-free 'order.deleted' stays.
 */
export async function deleteOrder(deps: OrdersDeps, id: string): Promise<void> {
  const gone = await audited(deps.db, deps.actor ?? null, async (tx) => {
    const current = await loadById(tx, id, { lock: true });
    await tx.delete(orders).where(eq(orders.id, id));
    return {
      result: { tn: current.trackingNumber },
      audit: { action: "order.deleted", ...about(current), changes: pick(current, AUDITED) },
    };
  });
  await deps.bus.forget(orderTopic(gone.tn));
  await deps.bus.publish(STAFF_TOPIC, "order.changed", { id, trackingNumber: gone.tn, action: "deleted" });
  await deps.bus.publish(orderTopic(gone.tn), "order.deleted", {});
}

/** Whether an order with this tracking number exists (a live tracking stream asks before opening). */
export async function orderExists(db: Db, trackingNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.trackingNumber, trackingNumber))
    .limit(1);
  return !!row;
}
