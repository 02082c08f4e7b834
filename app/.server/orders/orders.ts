import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { DEFAULT_TIME_ZONE } from "../../lib/dates";
import { expectedDelivery, type TransitDays } from "../../lib/delivery";
import { orderTopic, TOPICS, type TrackingUpdate } from "../../lib/events";
import type { PageCursor, PageLinks } from "../../lib/keyset";
import type { OrderEditValues, OrderEventValues, OrderFormValues } from "../../lib/order-forms";
import {
  maskCustomerName,
  ORDERS_PAGE_SIZE,
  type OrderEventView,
  type OrderStatus,
  type PublicTrackingView,
  statusChangePatch,
  type TrackingDelivery,
} from "../../lib/orders";
import { OTHER_BOX } from "../../lib/parcel";
import { PHONE_COUNTRIES, phoneCountryOf } from "../../lib/phone";
import { type AuditEntry, audited, changedFields, pick } from "../audit/audit";
import type { Db } from "../db/client";
import { keysetPage } from "../db/keyset";
import { chatClients, deliveryPersonnel, orderEvents, orders, shipments } from "../db/schema";
import type { Deps } from "../deps";
import { InvalidInputError, isUniqueViolation, NotFoundError } from "../errors";
import { followBySender, queueParcelCreated, queueParcelNotices } from "./mail-notices";
import { type OrderSettings, readOrderSettings } from "./settings";
import { generateTrackingNumber } from "./tracking";

/**
 * Orders (docs/product.md §4.1): the staff list, create and edit, 'Cambiar a {status}' with the
 * status timestamp rule (statusChangePatch in app/lib/orders.ts), delete, and the public
 * look-up. Every change is announced to staff screens and to the order's tracking page.
 */

/**
 * What order functions need: the database, the bus that tells screens about changes, and the
 * shop's time zone (expected delivery days are its calendar days).
 */
export type OrdersDeps = Deps & {
  timeZone?: string;
  /** The price list's box names today: a parcel's box must be one of them (or 'otro'). */
  boxNames?: readonly string[];
};

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
  "customerNote",
  "internalNote",
  "destination",
  "expectedFrom",
  "expectedTo",
  "senderName",
  "senderPhone",
  "senderEmail",
  "box",
  "weightLb",
  "contents",
] as const;

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
  customerNote: orders.customerNote,
  internalNote: orders.internalNote,
  destination: orders.destination,
  expectedFrom: orders.expectedFrom,
  expectedTo: orders.expectedTo,
  senderName: orders.senderName,
  senderPhone: orders.senderPhone,
  senderEmail: orders.senderEmail,
  box: orders.box,
  weightLb: orders.weightLb,
  contents: orders.contents,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  enLocalAt: orders.enLocalAt,
  enviandoAt: orders.enviandoAt,
  enRepartoAt: orders.enRepartoAt,
  entregadoAt: orders.entregadoAt,
  canceladoAt: orders.canceladoAt,
  courierName: deliveryPersonnel.name,
  courierPhone: deliveryPersonnel.phone,
  shipmentId: orders.shipmentId,
  shipmentReference: shipments.reference,
  shipmentDepartsOn: shipments.departsOn,
  sourceClientId: orders.sourceClientId,
};

export type OrderRow = Awaited<ReturnType<typeof selectOrders<Record<never, never>>>>[number];

/** Orders with their courier and shipment; `extra` adds columns (the look-up's timeline events). */
export function selectOrders<E extends Record<string, SQL.Aliased | SQL>>(db: Db, extra?: E) {
  return db
    .select({ ...orderColumns, ...(extra as E) })
    .from(orders)
    .leftJoin(deliveryPersonnel, eq(deliveryPersonnel.id, orders.deliveryPersonId))
    .leftJoin(shipments, eq(shipments.id, orders.shipmentId));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The events staff wrote on these orders, oldest first, by order id. */
export async function eventsOf(db: Db, orderIds: string[]): Promise<Map<string, OrderEventView[]>> {
  const out = new Map<string, OrderEventView[]>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  for (const r of rows) {
    const list = out.get(r.orderId) ?? [];
    list.push({ id: r.id, status: r.status, note: r.note, place: r.place, at: r.at.toISOString() });
    out.set(r.orderId, list);
  }
  return out;
}

/** What turns a row into what people read: the transit days and the shop's time zone. */
export type ViewContext = { transit: TransitDays; timeZone: string };

export async function viewContext(db: Db, timeZone = DEFAULT_TIME_ZONE): Promise<ViewContext> {
  return { transit: (await readOrderSettings(db)).transitDays, timeZone };
}

/** A destination outside the US by its Spanish name ('Nicaragua'); null for the US or none. */
const destinationName = (code: string | null) =>
  code && code !== "US" ? (PHONE_COUNTRIES.find((c) => c.code === code)?.name ?? null) : null;

/**
 * What anyone holding the tracking number may read (docs/product.md §2.9): never the address,
 * the phone or the full name. This is also all an order's live stream carries.
 */
export function toPublicView(o: OrderRow, events: OrderEventView[], ctx: ViewContext): PublicTrackingView {
  return {
    trackingNumber: o.trackingNumber,
    status: o.status,
    customerName: maskCustomerName(o.customerName),
    orderDescription: o.orderDescription,
    orderTotal: o.orderTotal,
    estimatedDeliveryTime: o.estimatedDeliveryTime,
    // The customer's note only: the internal one never leaves the staff area.
    customerNote: o.customerNote,
    courier: o.courierName ? { name: o.courierName, phone: o.courierPhone } : null,
    enLocalAt: iso(o.enLocalAt),
    enviandoAt: iso(o.enviandoAt),
    enRepartoAt: iso(o.enRepartoAt),
    entregadoAt: iso(o.entregadoAt),
    canceladoAt: iso(o.canceladoAt),
    updatedAt: o.updatedAt.toISOString(),
    events,
    // A parcel in a shipment counts its transit time from the day the shipment leaves.
    expected: expectedDelivery({ ...o, departsOn: o.shipmentDepartsOn }, ctx.transit, ctx.timeZone),
    destinationName: destinationName(o.destination),
  };
}

/** A tracked order as the tracking page needs it: what anyone sees, and what only some may. */
export type TrackedOrder = {
  view: PublicTrackingView;
  delivery: TrackingDelivery;
  /** The order's phone (E.164): its last 4 digits unlock the delivery details. */
  phone: string | null;
  /** The admin's setting: every look-up shows the delivery details. */
  showDeliveryDetails: boolean;
};

/**
 * An order's events, oldest first, as one JSON column of its row, so a look-up is one statement
 * (each statement costs a visitor's look-up ~0.5 ms of the one Node thread on PGlite). Times
 * come as Postgres writes them in JSON (with an offset): read them through `new Date`. Lists of
 * orders and staff changes read events with eventsOf, one statement for a whole page of orders.
 */
const eventsColumn = sql<OrderEventView[]>`(
  select coalesce(json_agg(json_build_object(
    'id', ${orderEvents.id}, 'status', ${orderEvents.status}, 'note', ${orderEvents.note},
    'place', ${orderEvents.place}, 'at', ${orderEvents.at}
  ) order by ${orderEvents.at}, ${orderEvents.id}), '[]'::json)
  from ${orderEvents} where ${orderEvents.orderId} = ${orders.id}
)`;

/**
 * Public look-up by tracking number (docs/product.md §4.2): at most one order, or null.
 * `settings` reads the order settings (the look-up passes the services' cache).
 */
export async function findTrackedOrder(
  db: Db,
  trackingNumber: string,
  timeZone = DEFAULT_TIME_ZONE,
  settings: () => Promise<OrderSettings> = () => readOrderSettings(db),
): Promise<TrackedOrder | null> {
  const [[row], current] = await Promise.all([
    selectOrders(db, { events: eventsColumn }).where(eq(orders.trackingNumber, trackingNumber)).limit(1),
    settings(),
  ]);
  if (!row) return null;
  const events = row.events.map((e) => ({ ...e, at: new Date(e.at).toISOString() }));
  const view = toPublicView(row, events, { transit: current.transitDays, timeZone });
  return {
    view,
    delivery: {
      customerName: row.customerName,
      customerAddress: row.customerAddress,
      customerPhone: row.customerPhone,
    },
    phone: row.customerPhone,
    showDeliveryDetails: current.showDeliveryDetails,
  };
}

/** The public view of an order by its number (push opt-in, announcements), or null. */
export async function findByTracking(
  db: Db,
  trackingNumber: string,
  timeZone = DEFAULT_TIME_ZONE,
): Promise<PublicTrackingView | null> {
  return (await findTrackedOrder(db, trackingNumber, timeZone))?.view ?? null;
}

export type StaffOrder = ReturnType<typeof toStaffOrder>;
function toStaffOrder(o: OrderRow, events: OrderEventView[], ctx: ViewContext) {
  return {
    ...toPublicView(o, events, ctx),
    id: o.id,
    customerName: o.customerName,
    customerPhone: o.customerPhone,
    customerAddress: o.customerAddress,
    deliveryPersonId: o.deliveryPersonId,
    internalNote: o.internalNote,
    destination: o.destination,
    expectedFrom: o.expectedFrom,
    expectedTo: o.expectedTo,
    senderName: o.senderName,
    senderPhone: o.senderPhone,
    senderEmail: o.senderEmail,
    box: o.box,
    weightLb: o.weightLb,
    contents: o.contents,
    shipmentId: o.shipmentId,
    shipmentReference: o.shipmentReference,
    /** The chat conversation the order was made from ('Abrir conversación'), if any. */
    sourceClientId: o.sourceClientId,
    createdAt: o.createdAt.toISOString(),
  };
}

/**
 * A parcel's box is one of the price list's boxes or 'otro'. A box the owner has since renamed
 * or removed stays on the orders that have it (`kept`), but a new choice must be on the list.
 */
function checkBox(deps: OrdersDeps, box: string | null | undefined, kept: string | null = null): void {
  if (!box || box === OTHER_BOX || box === kept || !deps.boxNames) return;
  if (!deps.boxNames.includes(box)) throw new InvalidInputError("box", "box");
}

/**
 * Where a new parcel goes when staff did not say: the country of the recipient's phone, when it
 * is one of the destinations and not the US (a Miami number is a local delivery).
 */
function destinationFromPhone(phone: string | null): string | null {
  const country = phoneCountryOf(phone);
  return country === "US" ? null : country;
}

/** One order as staff see it (the print pages); NotFoundError when there is none. */
export async function findStaffOrder(db: Db, id: string, timeZone?: string): Promise<StaffOrder> {
  const [order] = await staffOrders(db, [await loadById(db, id)], timeZone);
  if (!order) throw new NotFoundError("order");
  return order;
}

export async function staffOrders(db: Db, rows: OrderRow[], timeZone?: string): Promise<StaffOrder[]> {
  const [events, ctx] = await Promise.all([
    eventsOf(
      db,
      rows.map((r) => r.id),
    ),
    viewContext(db, timeZone),
  ]);
  return rows.map((r) => toStaffOrder(r, events.get(r.id) ?? [], ctx));
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

/** The orders the text search finds (tracking, customer, phone); undefined without a search. */
function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Phones are stored as E.164: '777-12' or '(305) 777' finds them by their digits. Each test is
  // served by a trigram index (schema.ts, orders_*_trgm_idx; the digits' one is on this very
  // expression), so the planner ORs four index scans instead of reading every order.
  const digits = text.replace(/\D/g, "");
  return or(
    ilike(orders.trackingNumber, like),
    ilike(orders.customerName, like),
    ilike(orders.customerPhone, like),
    digits.length >= 3
      ? sql`regexp_replace(coalesce(${orders.customerPhone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`
      : undefined,
  );
}

/**
 * Staff list (docs/product.md §3.4): one page of orders, newest first, filtered by text (tracking,
 * customer, phone) and status, with how many orders the filter holds. Keyset pages on
 * (created_at, id) (app/lib/keyset.ts), so page 200 costs what page 1 costs.
 *
 * A search's page takes its orders from the search's own ids (a subquery, answered once through
 * the trigram indexes): with the search's tests in the page's own query the planner walks the
 * list in order testing each order, expecting to fill a page soon, and a search that finds a few
 * orders read all 10,000 (98 ms instead of 1 on PGlite; docs/decisions/0024-staff-lists.md).
 */
export async function listOrders(db: Db, filter: OrderListQuery = {}, timeZone?: string): Promise<OrderPage> {
  const limit = Math.min(Math.max(filter.limit ?? ORDERS_PAGE_SIZE, 1), 200);
  const keys = keysetPage(orders.createdAt, orders.id, { ...filter, limit });
  const search = searchCondition(filter.q);
  const status = filter.status ? eq(orders.status, filter.status) : undefined;
  const found = search
    ? sql`${orders.id} in (${db.select({ id: orders.id }).from(orders).where(search)})`
    : undefined;
  const [rows, [count]] = await Promise.all([
    selectOrders(db)
      .where(and(found, status, keys.where))
      .orderBy(...keys.orderBy)
      .limit(keys.fetch),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(and(search, status)),
  ]);
  const page = keys.page(rows, (o) => ({ at: o.createdAt.toISOString(), key: o.id }));
  return { ...page, items: await staffOrders(db, page.items, timeZone), total: Number(count?.n ?? 0) };
}

/**
 * Stages what staff screens and tracking pages hear when several orders changed in one
 * transaction (a shipment's batch): each order's public view on its own topic, with the
 * timeline line it got (`newEventIds`, for its push notification), read in two statements.
 */
export async function stageOrderChanges(
  tx: Db,
  deps: OrdersDeps,
  rows: OrderRow[],
  newEventIds: ReadonlyMap<string, string> = new Map(),
  action: "created" | "updated" = "updated",
): Promise<void> {
  const [events, ctx] = await Promise.all([
    eventsOf(
      tx,
      rows.map((r) => r.id),
    ),
    viewContext(tx, deps.timeZone),
  ]);
  await deps.bus.stage(
    tx,
    rows.flatMap((row) => {
      const newEventId = newEventIds.get(row.id);
      const view = toPublicView(row, events.get(row.id) ?? [], ctx);
      return [
        {
          topic: TOPICS.staff,
          type: "order.changed" as const,
          payload: { id: row.id, trackingNumber: row.trackingNumber, action },
        },
        {
          topic: orderTopic(row.trackingNumber),
          type: "order.updated" as const,
          payload: { ...view, ...(newEventId ? { newEventId } : {}) } satisfies TrackingUpdate,
        },
      ];
    }),
  );
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

/**
 * Tells staff screens, and the order's tracking page, that it changed, in the transaction that
 * changed it (the bus's outbox, `stage`): what the staff screen shows and what the page hears are
 * read and stored with the change, so a change that committed is always announced and answered
 * as saved, even when the database goes away right after (third round of attacks, finding 7).
 * The page gets the public view only (no address, no phone: anyone holding the number may open
 * the stream); `newEventId` names the event this change wrote, for its push notification. Call
 * `deps.bus.deliver()` once the transaction committed (`announced` does it all).
 */
async function announceIn(
  tx: Db,
  deps: OrdersDeps,
  row: OrderRow,
  action: "created" | "updated",
  newEventId: string | null = null,
): Promise<StaffOrder> {
  const [order] = await staffOrders(tx, [row], deps.timeZone);
  if (!order) throw new Error("staffOrders returned nothing for one row");
  await stageOrderChanges(tx, deps, [row], new Map(newEventId ? [[row.id, newEventId]] : []), action);
  return order;
}

/** An order change in one audited transaction with its announcement, delivered once committed. */
async function announced(
  deps: OrdersDeps,
  work: (tx: Db) => Promise<{ row: OrderRow; newEventId?: string | null; audit: AuditEntry }>,
  action: "created" | "updated" = "updated",
): Promise<StaffOrder> {
  const order = await audited(deps.db, deps.actor ?? null, async (tx) => {
    const { row, newEventId = null, audit } = await work(tx);
    return { result: await announceIn(tx, deps, row, action, newEventId), audit };
  });
  await deps.bus.deliver();
  return order;
}

/** The order's public view on its tracking topic (app/.server/http/streams.ts). */
async function trackingEvent(db: Db, timeZone: string | undefined, row: OrderRow, newEventId: string | null) {
  const [events, ctx] = await Promise.all([eventsOf(db, [row.id]), viewContext(db, timeZone)]);
  const view = toPublicView(row, events.get(row.id) ?? [], ctx);
  return {
    topic: orderTopic(row.trackingNumber),
    type: "order.updated" as const,
    payload: { ...view, ...(newEventId ? { newEventId } : {}) } satisfies TrackingUpdate,
  };
}

/** Publishes the order's public view on its tracking topic (a change made elsewhere: its courier). */
export async function publishTracking(deps: OrdersDeps, row: OrderRow) {
  await deps.bus.publishAll([await trackingEvent(deps.db, deps.timeZone, row, null)]);
}

/** Writes a timeline event when staff gave a note or a place; its id, or null. */
async function insertEvent(
  tx: Db,
  orderId: string,
  event: { note: string | null; place: string | null } | null | undefined,
  status: OrderStatus | null,
  at: Date,
): Promise<string | null> {
  if (!event || (!event.note && !event.place)) return null;
  const [row] = await tx
    .insert(orderEvents)
    .values({ orderId, status, note: event.note, place: event.place, at })
    .returning({ id: orderEvents.id });
  if (!row) throw new Error("order event insert returned nothing");
  return row.id;
}

const eventAudit = (event: { note: string | null; place: string | null } | null | undefined) =>
  event && (event.note || event.place) ? { note: event.note, place: event.place } : {};

/**
 * New orders start en_local with en_local_at set (docs/product.md §4.1); the number is retried on a
 * collision. A submission sent again with its request key (a second tap, a retry after an answer
 * that never arrived) answers the order it made the first time, without making another.
 */
export async function createOrder(
  deps: OrdersDeps,
  data: OrderFormValues,
  now = new Date(),
): Promise<StaffOrder> {
  checkBox(deps, data.box);
  const destination = data.destination ?? destinationFromPhone(data.customerPhone);
  for (let attempt = 0; ; attempt++) {
    const made = data.requestKey ? await orderOfRequest(deps, data.requestKey) : null;
    if (made) return made;
    try {
      return await announced(
        deps,
        async (tx) => {
          const source = await sourceConversation(tx, data.sourceClientId ?? null);
          const [created] = await tx
            .insert(orders)
            .values({
              ...data,
              // Made from a conversation without naming a contact: the conversation's contact, if any.
              contactId: data.contactId ?? source?.contactId ?? null,
              destination,
              trackingNumber: generateTrackingNumber(now),
              status: "en_local",
              enLocalAt: now,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: orders.id });
          if (!created) throw new Error("order insert returned nothing");
          const row = await loadById(tx, created.id);
          await queueParcelCreated(tx, row);
          return { row, audit: { action: "order.created", ...about(row), changes: pick(row, AUDITED) } };
        },
        "created",
      );
    } catch (err) {
      // A tracking number taken, or the same request at the same time: the next round sees it.
      if (!isUniqueViolation(err) || attempt >= 4) throw err;
    }
  }
}

/**
 * The conversation a new order is made from ('Crear pedido' in the inbox), or null when none is
 * named. One that does not exist (deleted while the form was open) is refused: the order would
 * silently lose where it came from.
 */
async function sourceConversation(
  tx: Db,
  clientId: string | null,
): Promise<{ contactId: string | null } | null> {
  if (!clientId) return null;
  const [row] = await tx
    .select({ contactId: chatClients.contactId })
    .from(chatClients)
    .where(eq(chatClients.clientId, clientId))
    .limit(1);
  if (!row) throw new InvalidInputError("conversation", "sourceClientId");
  return row;
}

async function orderOfRequest(deps: OrdersDeps, requestKey: string): Promise<StaffOrder | null> {
  const [row] = await selectOrders(deps.db).where(eq(orders.requestKey, requestKey)).limit(1);
  if (!row) return null;
  const [order] = await staffOrders(deps.db, [row], deps.timeZone);
  return order ?? null;
}

/**
 * The edit form: every field, the status timestamp rule for the chosen status, and a timeline
 * event when staff wrote a note or a place (with the status when it changed).
 */
export async function updateOrder(
  deps: OrdersDeps,
  id: string,
  data: OrderEditValues,
  now = new Date(),
): Promise<StaffOrder> {
  return announced(deps, async (tx) => {
    const current = await loadById(tx, id, { lock: true });
    checkBox(deps, data.box, current.box);
    const { status, eventNote, eventPlace, ...fields } = data;
    const changed = current.status !== status;
    const patch = changed ? statusChangePatch(current, status, now) : { status, updatedAt: now };
    await tx
      .update(orders)
      .set({ ...fields, ...patch })
      .where(eq(orders.id, id));
    const event = { note: eventNote ?? null, place: eventPlace ?? null };
    const newEventId = await insertEvent(tx, id, event, changed ? status : null, now);
    if (fields.senderEmail !== current.senderEmail) await followBySender(tx, id, fields.senderEmail ?? null);
    await queueParcelNotices(tx, { parcels: [{ id, statusChanged: changed }], status, ...event, at: now });
    const row = await loadById(tx, id);
    const changes = { ...changedFields(current, row, AUDITED), ...eventAudit(event) };
    return { row, newEventId, audit: { action: "order.updated", ...about(row), changes } };
  });
}

/** 'Cambiar a {status}' from the list, optionally with a note and a place for the timeline. */
export async function changeOrderStatus(
  deps: OrdersDeps,
  id: string,
  status: OrderStatus,
  now = new Date(),
  event: { note: string | null; place: string | null } | null = null,
): Promise<StaffOrder> {
  return announced(deps, async (tx) => {
    const current = await loadById(tx, id, { lock: true });
    await tx
      .update(orders)
      .set(statusChangePatch(current, status, now))
      .where(eq(orders.id, id));
    const newEventId = await insertEvent(tx, id, event, status, now);
    await queueParcelNotices(tx, {
      parcels: [{ id, statusChanged: current.status !== status }],
      status,
      note: event?.note ?? null,
      place: event?.place ?? null,
      at: now,
    });
    const row = await loadById(tx, id);
    return {
      row,
      newEventId,
      audit: {
        action: "order.status",
        ...about(row),
        changes: { status: [current.status, row.status], ...eventAudit(event) },
      },
    };
  });
}

/**
 * 'Añadir novedad' from the list: a note and/or a place on the timeline, with a change of status
 * when staff chose one (the status's timestamp rule is the same as any change's).
 */
export async function addOrderEvent(
  deps: OrdersDeps,
  id: string,
  values: OrderEventValues,
  now = new Date(),
): Promise<StaffOrder> {
  const { status, note, place } = values;
  if (status) return changeOrderStatus(deps, id, status, now, { note, place });
  return announced(deps, async (tx) => {
    await loadById(tx, id, { lock: true });
    await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, id));
    const newEventId = await insertEvent(tx, id, { note, place }, null, now);
    await queueParcelNotices(tx, {
      parcels: [{ id, statusChanged: false }],
      status: null,
      note,
      place,
      at: now,
    });
    const row = await loadById(tx, id);
    return { row, newEventId, audit: { action: "order.event", ...about(row), changes: { note, place } } };
  });
}

/** Removes a line staff wrote on an order's timeline (a mistake); status timestamps stay. */
export async function deleteOrderEvent(
  deps: OrdersDeps,
  orderId: string,
  eventId: string,
  now = new Date(),
): Promise<StaffOrder> {
  return announced(deps, async (tx) => {
    await loadById(tx, orderId, { lock: true });
    const [gone] = await tx
      .delete(orderEvents)
      .where(and(eq(orderEvents.id, eventId), eq(orderEvents.orderId, orderId)))
      .returning();
    if (!gone) throw new NotFoundError("order-event");
    await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId));
    const row = await loadById(tx, orderId);
    return {
      row,
      audit: {
        action: "order.event-deleted",
        ...about(row),
        changes: { note: gone.note, place: gone.place, status: gone.status },
      },
    };
  });
}

/**
 * Deletes an order and forgets its tracking events (a stream resuming from an old id must not
 * replay an order that is gone; the stream also refuses a number whose order is gone). Only the
 * content-free 'order.deleted' stays. Its timeline events go with it (foreign key cascade).
 */
export async function deleteOrder(deps: OrdersDeps, id: string): Promise<void> {
  await audited(deps.db, deps.actor ?? null, async (tx) => {
    const current = await loadById(tx, id, { lock: true });
    const tn = current.trackingNumber;
    await tx.delete(orders).where(eq(orders.id, id));
    await deps.bus.forget(orderTopic(tn), tx);
    await deps.bus.stage(tx, [
      { topic: TOPICS.staff, type: "order.changed", payload: { id, trackingNumber: tn, action: "deleted" } },
      { topic: orderTopic(tn), type: "order.deleted", payload: {} },
    ]);
    return {
      result: null,
      audit: { action: "order.deleted", ...about(current), changes: pick(current, AUDITED) },
    };
  });
  await deps.bus.deliver();
}

/** Whether an order with this tracking number exists (a live tracking stream asks before opening). */
// A number's code as the look-up compares it, O read as 0 and I as 1 (the index orders_tracking_code_idx).
export const trackingCodeOf = sql`translate(substr(${orders.trackingNumber}, 10), 'OI', '01')`;

/**
 * The stored number a visitor meant, when what they typed is not one (docs/product.md §2.9): the
 * code alone ('ABC123'), or a number read with O for 0 or I for 1 off a label. The newest order with
 * that code (of that year, when the number gave one); null when there is none.
 */
export async function meantTrackingNumber(db: Db, typed: string): Promise<string | null> {
  const full = /^TRK-(\d{4})-(\w+)$/.exec(typed);
  const code = (full?.[2] ?? typed).replace(/O/g, "0").replace(/I/g, "1");
  const sameCode = eq(trackingCodeOf, code);
  const [row] = await db
    .select({ trackingNumber: orders.trackingNumber })
    .from(orders)
    .where(full ? and(sameCode, sql`substr(${orders.trackingNumber}, 5, 4) = ${full[1]}`) : sameCode)
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row?.trackingNumber ?? null;
}

export async function orderExists(db: Db, trackingNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.trackingNumber, trackingNumber))
    .limit(1);
  return !!row;
}
