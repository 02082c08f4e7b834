import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { toZonedInput } from "../../lib/dates";
import { orderTopic, TOPICS } from "../../lib/events";
import { type OrderFormValues, orderFormSchema } from "../../lib/order-forms";
import {
  type ShipmentAddValues,
  type ShipmentEventValues,
  type ShipmentValues,
  shipmentAddSchema,
  shipmentEventSchema,
  shipmentSchema,
} from "../../lib/shipment-forms";
import { auditLog, orders } from "../db/schema";
import { InvalidInputError, NotFoundError } from "../errors";
import { setupTestDatabase } from "../testing/setup";
import { changeOrderStatus, createOrder, findTrackedOrder } from "./orders";
import {
  addShipmentEvent,
  addToShipment,
  deleteShipment,
  findShipment,
  listShipments,
  openShipments,
  recentPlaces,
  removeFromShipment,
  saveShipment,
} from "./shipments";

// Shipments ('Embarques', issue 39): parcels that leave together get their events together.
const h = setupTestDatabase({ bus: true });
const actor = { id: null, name: "Dueña" };
const deps = () => ({ db: h.db, bus: h.bus, actor });
const TZ = "America/New_York";

const parcel = (name: string, phone = "+505 8123 9876") =>
  createOrder(
    deps(),
    orderFormSchema.parse({
      customerName: name,
      customerPhone: phone,
      orderDescription: "Caja",
    }) as OrderFormValues,
  );
const shipment = (input: Record<string, string> = {}, id?: string) => {
  const { id: _, ...values } = shipmentSchema.parse({ reference: "Contenedor 48", ...input });
  return saveShipment(deps(), id, values as ShipmentValues);
};
const add = (id: string, input: { numbers?: string; orderIds?: string[] }) => {
  const { id: _, ...values } = shipmentAddSchema.parse({ id, ...input });
  return addToShipment(deps(), id, values as ShipmentAddValues);
};
const event = (id: string, input: Record<string, unknown>, now = new Date()) => {
  const { id: _, ...values } = shipmentEventSchema.parse({ id, at: toZonedInput(now, TZ), ...input });
  return addShipmentEvent(deps(), id, values as ShipmentEventValues, now);
};
const auditOf = async (action: string) =>
  h.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

describe("a shipment", () => {
  it("is made with its reference, carrier, departure and destination, and listed newest first", async () => {
    const a = await shipment({
      reference: "Vuelo 11 dic",
      carrier: "Avianca Cargo",
      departsOn: "2026-12-11",
    });
    const b = await shipment({ reference: "Contenedor 49", destination: "NI" });
    expect(a).toMatchObject({ reference: "Vuelo 11 dic", carrier: "Avianca Cargo", departsOn: "2026-12-11" });
    const listed = await listShipments(h.db);
    expect(listed.findIndex((s) => s.id === b.id)).toBeLessThan(listed.findIndex((s) => s.id === a.id));
    expect(listed.find((s) => s.id === b.id)).toMatchObject({ destinationName: "Nicaragua", parcels: 0 });
    expect(() => shipmentSchema.parse({ reference: "  " })).toThrow("Escribe un nombre para el embarque.");
  });

  it("takes parcels by their numbers as typed or scanned, the code alone, and O/0 I/1 mistakes", async () => {
    const s = await shipment();
    const [a, b, c] = [await parcel("Ana"), await parcel("Beto"), await parcel("Carla")];
    const code = (t: string) => t.slice(9);
    const misread = code(c.trackingNumber).replace(/0/g, "O").replace(/1/g, "I");
    const out = await add(s.id, {
      numbers: `${a.trackingNumber.toLowerCase()}\n${code(b.trackingNumber)}, ${misread} TRK-2026-ZZZZZZ`,
    });
    expect(out.added.sort()).toEqual([a.trackingNumber, b.trackingNumber, c.trackingNumber].sort());
    expect(out.missing).toEqual(["TRK-2026-ZZZZZZ"]);
    // Scanned again: nothing moves, and the answer says it is already there.
    expect(await add(s.id, { numbers: a.trackingNumber })).toMatchObject({
      added: [],
      already: [a.trackingNumber],
    });
    const detail = await findShipment(h.db, s.id);
    expect(detail.orders.map((o) => o.trackingNumber).sort()).toEqual(out.added.sort());
    expect(detail.orders[0]?.shipmentReference).toBe("Contenedor 48");
    // Only unknown numbers: refused, naming them, nothing changed.
    const refused = await add(s.id, { numbers: "TRK-2026-QQQQQQ" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect(refused).toMatchObject({ reason: "parcels-missing", field: "numbers", detail: "TRK-2026-QQQQQQ" });
  });

  it("takes parcels ticked in the orders list, moving one from another shipment", async () => {
    const first = await shipment({ reference: "Contenedor 50" });
    const second = await shipment({ reference: "Contenedor 51" });
    const [a, b] = [await parcel("Dora"), await parcel("Eva")];
    await add(first.id, { orderIds: [a.id] });
    const out = await add(second.id, { orderIds: [a.id, b.id] });
    expect(out.moved).toEqual([{ trackingNumber: a.trackingNumber, from: "Contenedor 50" }]);
    expect((await findShipment(h.db, first.id)).parcels).toBe(0);
    expect((await findShipment(h.db, second.id)).parcels).toBe(2);
    await removeFromShipment(deps(), second.id, a.id);
    expect((await findShipment(h.db, second.id)).orders.map((o) => o.id)).toEqual([b.id]);
    await expect(removeFromShipment(deps(), second.id, a.id)).rejects.toBeInstanceOf(NotFoundError);
    // A ticked order deleted meanwhile: nothing is added.
    const gone = "7d5c1c1e-2f63-4e0e-9d2b-6c1f0b8a9e01";
    await expect(add(second.id, { orderIds: [a.id, gone] })).rejects.toBeInstanceOf(NotFoundError);
    expect((await findShipment(h.db, second.id)).parcels).toBe(1);
    const [added] = await auditOf("shipment.parcels-added");
    expect(added).toMatchObject({ target: "Contenedor 51" });
    expect(added?.changes).toEqual({ parcels: [a.trackingNumber, b.trackingNumber].sort().join(", ") });
  });

  it("counts its parcels' transit days from its departure day, and their pages hear a new one", async () => {
    const s = await shipment({ reference: "Contenedor 52", departsOn: "2026-12-02" });
    const p = await parcel("Fabiola");
    await add(s.id, { orderIds: [p.id] });
    const tracked = await findTrackedOrder(h.db, p.trackingNumber);
    // Nicaragua: 10–14 days (the default transit), from 2 December.
    expect(tracked?.view.expected).toEqual({ from: "2026-12-12", to: "2026-12-16" });
    const since = await h.bus.latestId();
    await shipment({ reference: "Contenedor 52", departsOn: "2026-12-05" }, s.id);
    const heard = await h.bus.since([orderTopic(p.trackingNumber)], since);
    expect(heard.at(-1)?.payload).toMatchObject({ expected: { from: "2026-12-15", to: "2026-12-19" } });
    // Deleted: the parcel stays, its estimate counts from its own day again.
    await deleteShipment(deps(), s.id);
    const after = await findTrackedOrder(h.db, p.trackingNumber);
    expect(after?.view.expected?.from).not.toBe("2026-12-15");
    await expect(findShipment(h.db, s.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("'Añadir novedad a todos'", () => {
  it("gives 40 parcels one event and status in one step: each page hears it, one activity entry", async () => {
    const s = await shipment({ reference: "Contenedor 60" });
    const parcels = [];
    for (let i = 0; i < 40; i++) parcels.push(await parcel(`Cliente ${i}`));
    await add(s.id, { numbers: parcels.map((p) => p.trackingNumber).join(" ") });
    const since = await h.bus.latestId();
    const when = new Date("2026-12-02T23:30:00Z");
    const out = await event(
      s.id,
      { status: "enviando", note: "Salió de Miami", place: "Miami", at: "2026-12-02T18:30" },
      new Date("2026-12-03T12:00:00Z"),
    );
    expect(out).toEqual({ reference: "Contenedor 60", updated: 40, skipped: 0 });
    for (const p of parcels) {
      const heard = await h.bus.since([orderTopic(p.trackingNumber)], since);
      expect(heard).toHaveLength(1);
      const view = heard[0]?.payload as {
        status: string;
        enviandoAt: string;
        events: { id: string }[];
        newEventId: string;
      };
      expect(view.status).toBe("enviando");
      // The status's time is the event's, not the moment staff typed it.
      expect(view.enviandoAt).toBe(when.toISOString());
      expect(view.newEventId).toBe(view.events.at(-1)?.id);
      expect(view.events.at(-1)).toMatchObject({
        note: "Salió de Miami",
        place: "Miami",
        at: when.toISOString(),
      });
    }
    const staff = await h.bus.since([TOPICS.staff], since);
    expect(staff.filter((e) => e.type === "order.changed")).toHaveLength(40);
    const [entry, ...more] = await auditOf("shipment.event");
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ target: "Contenedor 60", actorName: "Dueña" });
    expect(entry?.changes).toMatchObject({ parcels: 40, status: "enviando", note: "Salió de Miami" });
  });

  it("leaves delivered and cancelled parcels alone unless they are chosen, and keeps a status's first time", async () => {
    const s = await shipment({ reference: "Contenedor 61" });
    const [a, b, c] = [await parcel("Gina"), await parcel("Hugo"), await parcel("Iris")];
    await add(s.id, { orderIds: [a.id, b.id, c.id] });
    await changeOrderStatus(deps(), b.id, "entregado");
    const first = new Date("2026-12-01T15:00:00Z");
    await changeOrderStatus(deps(), c.id, "enviando", first);
    const out = await event(s.id, { status: "enviando", place: "Peñas Blancas" });
    expect(out).toMatchObject({ updated: 2, skipped: 1 });
    const rows = await h.db.select().from(orders).where(eq(orders.shipmentId, s.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(b.id)?.status).toBe("entregado");
    expect(byId.get(c.id)?.enviandoAt?.toISOString()).toBe(first.toISOString());
    // Chosen, a delivered parcel gets the event too; a note alone changes no status.
    await event(s.id, { note: "Revisado en aduana", orderIds: [b.id] });
    const [again] = await h.db.select().from(orders).where(eq(orders.id, b.id));
    expect(again?.status).toBe("entregado");
    expect(await recentPlaces(h.db)).toContain("Peñas Blancas");
  });

  it("is refused with nothing to update, a time far ahead, or neither note nor place", async () => {
    const empty = await shipment({ reference: "Vacío" });
    await expect(event(empty.id, { note: "Salió" })).rejects.toMatchObject({ reason: "shipment-empty" });
    const s = await shipment({ reference: "Contenedor 62" });
    const p = await parcel("Juan");
    await add(s.id, { orderIds: [p.id] });
    const now = new Date("2026-12-03T12:00:00Z");
    await expect(event(s.id, { note: "Salió", at: "2026-12-04T12:00" }, now)).rejects.toMatchObject({
      reason: "event-future",
    });
    expect(() => shipmentEventSchema.parse({ id: s.id, at: "2026-12-03T10:00" })).toThrow(
      "Escribe una nota o un lugar.",
    );
  });

  it("offers in the order dialog only shipments with parcels still on their way", async () => {
    const done = await shipment({ reference: "Entregado todo" });
    const p = await parcel("Karla");
    await add(done.id, { orderIds: [p.id] });
    await changeOrderStatus(deps(), p.id, "entregado");
    const fresh = await shipment({ reference: "Nuevo" });
    const open = (await openShipments(h.db)).map((s) => s.id);
    expect(open).toContain(fresh.id);
    expect(open).not.toContain(done.id);
  });
});
