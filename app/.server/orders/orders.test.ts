import { like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CourierFormValues,
  courierFormSchema,
  type OrderEditValues,
  type OrderFormValues,
  orderEditSchema,
  orderFormSchema,
} from "../../lib/order-forms";
import { ORDERS_PAGE_SIZE } from "../../lib/orders";
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
  changeOrderStatus,
  deleteOrder,
  updateOrder as editOrder,
  findByTracking,
  listOrders,
  orderExists,
} from "./orders";
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
});

describe("orders", () => {
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
        notes: "Llamar antes",
      },
      t,
    );
    expect(e).toMatchObject({
      customerName: "Rosa M.",
      status: "en_reparto",
      enRepartoAt: t.toISOString(),
      courier: { name: "Carlos", phone: "+505 8888 0000" },
      estimatedDeliveryTime: "30 minutos",
      notes: "Llamar antes",
    });
    const view = await findByTracking(h.db, o.trackingNumber);
    expect(view?.courier?.name).toBe("Carlos");
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
    const topic = `order:${o.trackingNumber}`;
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
    const renamed = await updateCourier(deps(), c.id, { name: "María José", phone: "+1 305" });
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
  it("allows the limit per window, then refuses until the next window", async () => {
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
    expect(fourth).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(
      (await hitRateLimit(h.db, "tracking-lookup", "5.6.7.8", { limit: 3, windowSeconds: 60, now })).allowed,
    ).toBe(true);
    const later = new Date("2026-06-01T10:01:01Z");
    expect(
      (await hitRateLimit(h.db, "tracking-lookup", "1.2.3.4", { limit: 3, windowSeconds: 60, now: later }))
        .allowed,
    ).toBe(true);
  });
});
