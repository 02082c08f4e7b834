import { like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderTopic } from "../../lib/events";
import {
  type CourierFormValues,
  courierFormSchema,
  type OrderEditValues,
  type OrderFormValues,
  orderEditSchema,
  orderFormSchema,
} from "../../lib/order-forms";
import { ORDERS_PAGE_SIZE } from "../../lib/orders";
import { defined } from "../../test/defined";
import { orders } from "../db/schema";
import type { BusEvent } from "../events/bus";
import { hitRateLimit } from "../ratelimit";
import { setupTestDatabase } from "../testing/setup";
import {
  createCourier as addCourier,
  deleteCourier,
  updateCourier as editCourier,
  listCouriers,
} from "./couriers";
import {
  createOrder as addOrder,
  addOrderEvent,
  changeOrderStatus,
  deleteOrder,
  deleteOrderEvent,
  updateOrder as editOrder,
  findByTracking,
  findTrackedOrder,
  listOrders,
  orderExists,
} from "./orders";
import { readOrderSettings, saveOrderSettings } from "./settings";
import { generateTrackingNumber } from "./tracking";

const h = setupTestDatabase({ bus: true });
const seen: BusEvent[] = [];
beforeAll(() => {
  h.bus.subscribe((e) => seen.push(e));
});
const deps = () => ({ db: h.db, bus: h.bus });
// The domain takes what the forms' schemas produce; these feed it form-shaped input the same way.
const createOrder = (d: ReturnType<typeof deps>, input: Record<string, string>, now?: Date) =>
  addOrder(d, orderFormSchema.parse(input) as OrderFormValues, now);
const updateOrder = (d: ReturnType<typeof deps>, id: string, input: Record<string, string>, now?: Date) => {
  const { id: _, ...values } = orderEditSchema.parse({ ...input, id }) as OrderEditValues & { id: string };
  return editOrder(d, id, values, now);
};
const createCourier = (d: ReturnType<typeof deps>, input: Record<string, string>) =>
  addCourier(d, courierFormSchema.parse(input) as CourierFormValues);
const updateCourier = (d: ReturnType<typeof deps>, id: string, input: Record<string, string>) =>
  editCourier(d, id, courierFormSchema.parse(input) as CourierFormValues);
const waitFor = async (pred: () => boolean) => {
  for (let i = 0; i < 100 && !pred(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(pred()).toBe(true);
};

describe("tracking numbers", () => {
  it("have the TRK-{year}-{6 uppercase letters or digits} form", () => {
    const n = generateTrackingNumber(new Date("2027-01-01T12:00:00Z"));
    expect(n).toMatch(/^TRK-2027-[A-Z0-9]{6}$/);
    const many = new Set(Array.from({ length: 2000 }, () => generateTrackingNumber()));
    expect(many.size).toBeGreaterThan(1990);
  });

  it("never use O, 0, I or 1, which a customer reading a label cannot tell apart", () => {
    const codes = Array.from({ length: 2000 }, () => generateTrackingNumber().slice(9)).join("");
    expect(codes).not.toMatch(/[OI01]/);
    // Every other letter and digit does occur.
    expect(new Set(codes).size).toBe(32);
  });
});

describe("orders", () => {
  it("makes one order of a submission sent twice with its request key (third round, finding 7)", async () => {
    const requestKey = "6f1c2b9e-8a4d-4c3b-9f2e-1a2b3c4d5e6f";
    const input = { customerName: "Rosa", orderDescription: "Caja a Managua", requestKey };
    const first = await createOrder(deps(), input);
    const again = await createOrder(deps(), input);
    expect(again.id).toBe(first.id);
    expect(again.trackingNumber).toBe(first.trackingNumber);
    const stored = await h.db.select().from(orders).where(like(orders.orderDescription, "Caja a Managua"));
    expect(stored).toHaveLength(1);
    // Another submission (another key, or none) is another order.
    const other = await createOrder(deps(), { ...input, requestKey: "" });
    expect(other.id).not.toBe(first.id);
  });

  it("creates an order en_local with its time, and tells staff and the order's watchers", async () => {
    const now = new Date("2026-06-01T15:00:00Z");
    const o = await createOrder(
      deps(),
      { customerName: " Ana Pérez ", orderDescription: "Caja 20x20x20", customerPhone: "" },
      now,
    );
    expect(o).toMatchObject({
      customerName: "Ana Pérez",
      status: "en_local",
      customerPhone: null,
      enLocalAt: now.toISOString(),
    });
    expect(o.trackingNumber).toMatch(/^TRK-2026-[A-Z0-9]{6}$/);
    await waitFor(() => seen.some((e) => e.topic === `order:${o.trackingNumber}`));
    expect(seen.find((e) => e.topic === "staff" && e.type === "order.changed")?.payload).toMatchObject({
      action: "created",
    });
  });

  it("refuses an order without customer name or description (the form's schema)", () => {
    const r = orderFormSchema.safeParse({ customerName: "", orderDescription: "x" });
    expect(r.error?.issues[0]?.message).toBe("El nombre del cliente es obligatorio.");
    expect(orderFormSchema.safeParse({ customerName: "x" }).success).toBe(false);
  });

  it("changes status in any order, setting each timestamp once", async () => {
    const o = await createOrder(deps(), { customerName: "Luis", orderDescription: "Víveres" });
    const t1 = new Date(Date.now() + 1000);
    const a = await changeOrderStatus(deps(), o.id, "en_reparto", t1);
    expect(a).toMatchObject({
      status: "en_reparto",
      enRepartoAt: t1.toISOString(),
      updatedAt: t1.toISOString(),
    });
    const t2 = new Date(Date.now() + 2000);
    const b = await changeOrderStatus(deps(), o.id, "en_local", t2);
    expect(b.enLocalAt).toBe(o.enLocalAt); // kept
    const t3 = new Date(Date.now() + 3000);
    const c = await changeOrderStatus(deps(), o.id, "en_reparto", t3);
    expect(c.enRepartoAt).toBe(t1.toISOString()); // first time kept
    expect(c.updatedAt).toBe(t3.toISOString());
  });

  it("edits every field; the edit form follows the same timestamp rule", async () => {
    const o = await createOrder(deps(), { customerName: "Rosa", orderDescription: "Caja" });
    const courier = await createCourier(deps(), { name: "Carlos", phone: "+505 8888 0000" });
    const t = new Date(Date.now() + 5000);
    const e = await updateOrder(
      deps(),
      o.id,
      {
        customerName: "Rosa M.",
        customerPhone: "+505 8765 4321",
        customerAddress: "Managua",
        orderDescription: "Caja grande",
        orderTotal: "C$150",
        status: "en_reparto",
        deliveryPersonId: courier.id,
        estimatedDeliveryTime: "30 minutos",
        customerNote: "Llamar antes",
        internalNote: "Paga al recoger",
      },
      t,
    );
    expect(e).toMatchObject({
      customerName: "Rosa M.",
      status: "en_reparto",
      enRepartoAt: t.toISOString(),
      courier: { name: "Carlos", phone: "+50588880000" },
      estimatedDeliveryTime: "30 minutos",
      customerNote: "Llamar antes",
      internalNote: "Paga al recoger",
    });
    const view = await findByTracking(h.db, o.trackingNumber);
    expect(view?.courier?.name).toBe("Carlos");
    // What the tracking number reads: the customer's note, never the internal one.
    expect(view?.customerNote).toBe("Llamar antes");
    expect(JSON.stringify(view)).not.toContain("Paga al recoger");
    expect(view).not.toHaveProperty("id");
  });

  it("lists newest first and filters by tracking, customer, phone and status", async () => {
    const x = await createOrder(deps(), {
      customerName: "Zoila Búsqueda",
      orderDescription: "a",
      customerPhone: "305-777-1234",
    });
    expect((await listOrders(h.db)).items[0]?.id).toBe(x.id);
    expect((await listOrders(h.db, { q: "zoila" })).items.map((o) => o.id)).toEqual([x.id]);
    expect((await listOrders(h.db, { q: "777-12" })).items.map((o) => o.id)).toEqual([x.id]);
    expect((await listOrders(h.db, { q: x.trackingNumber.toLowerCase() })).items.map((o) => o.id)).toEqual([
      x.id,
    ]);
    expect((await listOrders(h.db, { q: "zoila", status: "entregado" })).items.length).toBe(0);
    expect((await listOrders(h.db, { q: "%" })).items.length).toBe(0);
  });

  it("pages the list newest first, forwards and back, ties broken by id, with the filter's total", async () => {
    const before = (await listOrders(h.db)).total;
    // 120 orders, three to a timestamp (a busy minute), all newer than anything else here.
    const base = Date.parse("2030-01-01T00:00:00Z");
    await h.db.insert(orders).values(
      Array.from({ length: 120 }, (_, i) => ({
        trackingNumber: `TRK-2030-PAGE${String(i).padStart(3, "0")}`,
        customerName: `Página ${i}`,
        orderDescription: "caja",
        status: i % 2 ? ("entregado" as const) : ("en_local" as const),
        createdAt: new Date(base + Math.floor(i / 3) * 60_000),
      })),
    );
    const first = await listOrders(h.db);
    expect(first.total).toBe(before + 120);
    expect(first.items).toHaveLength(ORDERS_PAGE_SIZE);
    expect(first.newer).toBeNull();
    const seenIds: string[] = [];
    let page = first;
    for (;;) {
      seenIds.push(...page.items.map((o) => o.id));
      if (!page.older) break;
      page = await listOrders(h.db, { after: page.older });
    }
    expect(seenIds).toHaveLength(before + 120);
    expect(new Set(seenIds).size).toBe(seenIds.length);
    const order = seenIds.map((id) => seenIds.indexOf(id));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Back from the second page gives the first page again, which then has no newer page.
    const second = await listOrders(h.db, { after: first.older });
    const back = await listOrders(h.db, { before: second.newer });
    expect(back.items.map((o) => o.id)).toEqual(first.items.map((o) => o.id));
    expect(back.newer).toBeNull();
    // A filter pages and counts only what it holds.
    const delivered = await listOrders(h.db, { status: "entregado", q: "Página" });
    expect(delivered.total).toBe(60);
    expect(delivered.items.every((o) => o.status === "entregado")).toBe(true);
    const rest = await listOrders(h.db, { status: "entregado", q: "Página", after: delivered.older });
    expect(rest.items).toHaveLength(10);
    expect(rest.older).toBeNull();
    await h.db.delete(orders).where(like(orders.trackingNumber, "TRK-2030-PAGE%"));
  });

  it("deletes an order, forgets what its tracking events carried and tells its watchers", async () => {
    const o = await createOrder(deps(), { customerName: "Borrar", orderDescription: "x" });
    await changeOrderStatus(deps(), o.id, "enviando");
    const topic = orderTopic(o.trackingNumber);
    expect((await h.bus.since([topic], 0)).map((e) => e.type)).toContain("order.updated");
    await deleteOrder(deps(), o.id);
    expect(await findByTracking(h.db, o.trackingNumber)).toBeNull();
    expect(await orderExists(h.db, o.trackingNumber)).toBe(false);
    // A stream resuming from the start gets no customer data back, only the deletion.
    expect((await h.bus.since([topic], 0)).map((e) => [e.type, e.payload])).toEqual([["order.deleted", {}]]);
    await waitFor(() => seen.some((e) => e.topic === topic && e.type === "order.deleted"));
    await expect(deleteOrder(deps(), o.id)).rejects.toMatchObject({ kind: "not_found", reason: "order" });
  });
});

describe("what an order's tracking topic carries", () => {
  it("never holds the address, the phone or the full name, whatever staff change", async () => {
    const o = await createOrder(deps(), {
      customerName: "Valentina Castillo",
      customerPhone: "+505 8123 9876",
      customerAddress: "Reparto Schick, casa 14",
      orderDescription: "Caja 20x20x20",
    });
    const c = await createCourier(deps(), { name: "Tomás", phone: "+505 8888 1111" });
    await updateOrder(deps(), o.id, {
      customerName: "Valentina Castillo",
      customerPhone: "+505 8123 9876",
      customerAddress: "Reparto Schick, casa 14",
      orderDescription: "Caja 20x20x20",
      status: "en_reparto",
      deliveryPersonId: c.id,
      eventNote: "Salió a ruta",
    });
    await changeOrderStatus(deps(), o.id, "entregado", new Date(), { note: "Recibió la mamá", place: null });
    await addOrderEvent(deps(), o.id, { status: null, note: "Gracias", place: "Managua" });
    await updateCourier(deps(), c.id, { name: "Tomás R.", phone: "+505 8888 1111" });
    const events = await h.bus.since([orderTopic(o.trackingNumber)], 0);
    expect(events.length).toBeGreaterThanOrEqual(5);
    for (const e of events) {
      const text = JSON.stringify(e.payload);
      expect(text).not.toMatch(/Reparto Schick|81239876|8123 9876|Castillo/);
      expect(e.payload).toMatchObject({ customerName: "Valentina C." });
    }
    expect(events.at(-1)?.payload).toMatchObject({ courier: { name: "Tomás R." } });
  });
});

describe("timeline events", () => {
  it("records a note and a place with a status change, on its own, and from the edit form", async () => {
    const o = await createOrder(deps(), { customerName: "Irene", orderDescription: "Caja" });
    const t1 = new Date(Date.now() + 1000);
    const a = await changeOrderStatus(deps(), o.id, "enviando", t1, {
      note: "Salió de Miami",
      place: "Miami",
    });
    expect(a.enviandoAt).toBe(t1.toISOString());
    expect(a.events).toEqual([
      {
        id: expect.any(String),
        status: "enviando",
        note: "Salió de Miami",
        place: "Miami",
        at: t1.toISOString(),
      },
    ]);
    const t2 = new Date(Date.now() + 2000);
    const b = await addOrderEvent(
      deps(),
      o.id,
      { status: null, note: null, place: "Aduana de Peñas Blancas" },
      t2,
    );
    expect(b.status).toBe("enviando");
    expect(b.updatedAt).toBe(t2.toISOString());
    expect(b.events.at(-1)).toMatchObject({ status: null, note: null, place: "Aduana de Peñas Blancas" });
    // The edit form: a note without a status change, then one with.
    const t3 = new Date(Date.now() + 3000);
    const fields = { customerName: "Irene", orderDescription: "Caja", status: "enviando" };
    const c = await updateOrder(
      deps(),
      o.id,
      { ...fields, eventNote: "Llegó a Managua", eventPlace: "Managua" },
      t3,
    );
    expect(c.events.at(-1)).toMatchObject({ status: null, note: "Llegó a Managua", place: "Managua" });
    const t4 = new Date(Date.now() + 4000);
    const d = await updateOrder(
      deps(),
      o.id,
      { ...fields, status: "en_reparto", eventNote: "En camino" },
      t4,
    );
    expect(d.events.at(-1)).toMatchObject({ status: "en_reparto", note: "En camino", at: t4.toISOString() });
    expect(d.events).toHaveLength(4);
    // The public look-up reads them in the order's own statement: the same lines, in the same order.
    expect((await findTrackedOrder(h.db, o.trackingNumber))?.view.events).toEqual(d.events);
    // Without a note or a place, an edit writes no line.
    const e = await updateOrder(
      deps(),
      o.id,
      { ...fields, status: "en_reparto" },
      new Date(Date.now() + 5000),
    );
    expect(e.events).toHaveLength(4);
  });

  it("keeps each status's first time when a note comes with a change back to it", async () => {
    const o = await createOrder(deps(), { customerName: "Óscar", orderDescription: "Caja" });
    const t1 = new Date(Date.now() + 1000);
    await changeOrderStatus(deps(), o.id, "en_reparto", t1);
    const t2 = new Date(Date.now() + 2000);
    const back = await changeOrderStatus(deps(), o.id, "en_local", t2, {
      note: "Dirección incompleta",
      place: null,
    });
    expect(back.enLocalAt).toBe(o.enLocalAt);
    expect(back.events.at(-1)).toMatchObject({ status: "en_local", at: t2.toISOString() });
  });

  it("removes a line staff wrote by mistake, and refuses one of another order", async () => {
    const o = await createOrder(deps(), { customerName: "Pía", orderDescription: "Caja" });
    const other = await createOrder(deps(), { customerName: "Otro", orderDescription: "Caja" });
    const withEvent = await addOrderEvent(deps(), o.id, { status: null, note: "Por error", place: null });
    const eventId = defined(withEvent.events[0], "the new line").id;
    await expect(deleteOrderEvent(deps(), other.id, eventId)).rejects.toMatchObject({ kind: "not_found" });
    const after = await deleteOrderEvent(deps(), o.id, eventId);
    expect(after.events).toEqual([]);
    await expect(
      addOrderEvent(deps(), crypto.randomUUID(), { status: null, note: "x", place: null }),
    ).rejects.toMatchObject({
      kind: "not_found",
    });
  });
});

describe("expected delivery and tracking settings", () => {
  it("follows the destination's transit days, the admin's changes, and the order's own days", async () => {
    const received = new Date("2026-11-23T15:00:00Z");
    const o = await createOrder(
      deps(),
      { customerName: "Nora", orderDescription: "Caja", destination: "NI" },
      received,
    );
    expect(o.expected).toEqual({ from: "2026-12-03", to: "2026-12-07" });
    const cr = await createOrder(
      deps(),
      { customerName: "Nico", orderDescription: "Caja", destination: "CR" },
      received,
    );
    expect(cr.expected).toBeNull();
    const saved = await saveOrderSettings(deps(), {
      showDeliveryDetails: true,
      transitDays: { NI: { min: 7, max: 9 }, CR: { min: 12, max: 16 } },
    });
    expect(saved).toMatchObject({ showDeliveryDetails: true, transitDays: { CR: { min: 12, max: 16 } } });
    expect((await findByTracking(h.db, cr.trackingNumber))?.expected).toEqual({
      from: "2026-12-05",
      to: "2026-12-09",
    });
    expect((await findTrackedOrder(h.db, o.trackingNumber))?.view.expected).toEqual({
      from: "2026-11-30",
      to: "2026-12-02",
    });
    const own = await updateOrder(deps(), o.id, {
      customerName: "Nora",
      orderDescription: "Caja",
      destination: "NI",
      status: "en_local",
      expectedFrom: "2026-12-10",
      expectedTo: "2026-12-12",
    });
    expect(own.expected).toEqual({ from: "2026-12-10", to: "2026-12-12" });
    await saveOrderSettings(deps(), { showDeliveryDetails: false, transitDays: {} });
    expect(await readOrderSettings(h.db)).toMatchObject({ showDeliveryDetails: false });
  });
});

describe("couriers", () => {
  it("are added, edited and removed; their orders become 'No asignado'", async () => {
    const c = await createCourier(deps(), { name: "  María  ", phone: "" });
    expect(c).toMatchObject({ name: "María", phone: null });
    const o = await createOrder(deps(), { customerName: "Pepe", orderDescription: "x" });
    await updateOrder(deps(), o.id, {
      customerName: "Pepe",
      orderDescription: "x",
      status: "en_reparto",
      deliveryPersonId: c.id,
    });
    const renamed = await updateCourier(deps(), c.id, { name: "María José", phone: "+1 305 555 0100" });
    expect(renamed.name).toBe("María José");
    expect((await findByTracking(h.db, o.trackingNumber))?.courier?.name).toBe("María José");
    await deleteCourier(deps(), c.id);
    expect((await listCouriers(h.db)).some((x) => x.id === c.id)).toBe(false);
    const after = await findByTracking(h.db, o.trackingNumber);
    expect(after).toMatchObject({ status: "en_reparto", courier: null });
    expect(courierFormSchema.safeParse({ name: " " }).error?.issues[0]?.message).toMatch(/obligatorio/);
    await expect(updateCourier(deps(), c.id, { name: "x" })).rejects.toMatchObject({ kind: "not_found" });
  });
});

describe("rate limit", () => {
  it("allows the limit, then refuses until the window has slid past the hits", async () => {
    const now = new Date("2026-06-01T10:00:10Z");
    for (let i = 0; i < 3; i++)
      expect(
        (await hitRateLimit(h.db, "tracking-lookup", "1.2.3.4", { limit: 3, windowSeconds: 60, now }))
          .allowed,
      ).toBe(true);
    const fourth = await hitRateLimit(h.db, "tracking-lookup", "1.2.3.4", {
      limit: 3,
      windowSeconds: 60,
      now,
    });
    // The rest of this window (50 s), then until 4 × (1 - t) ≤ 3 - 1: half the next.
    expect(fourth).toEqual({ allowed: false, retryAfterSeconds: 80 });
    expect(
      (await hitRateLimit(h.db, "tracking-lookup", "5.6.7.8", { limit: 3, windowSeconds: 60, now })).allowed,
    ).toBe(true);
    const later = new Date("2026-06-01T10:01:31Z");
    expect(
      (await hitRateLimit(h.db, "tracking-lookup", "1.2.3.4", { limit: 3, windowSeconds: 60, now: later }))
        .allowed,
    ).toBe(true);
  });
});
