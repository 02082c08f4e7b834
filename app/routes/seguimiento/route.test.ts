import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "~/.server/db/schema";
import { createOrder } from "~/.server/orders/orders";
import { saveOrderSettings } from "~/.server/orders/settings";
import { eventually, withTwoInstances } from "~/.server/testing/app";
import { onPostgres } from "~/.server/testing/db";
import { callRoute, formPost, routeContext } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import { orderFormSchema } from "~/lib/order-forms";
import type { TrackingView } from "~/lib/orders";
import { action, loader } from "./route";

// The tracking page is private by default (docs/product.md §2.9): by number alone, no address, no
// phone, no full name; the last 4 digits of the order's phone unlock them on this device.
const app = setupTestApp({ TRACKING_LOOKUPS_PER_MINUTE: "1000", TRACKING_UNLOCK_ATTEMPTS: "3" });

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
const deps = () => ({ db: app.services.db, bus: app.services.bus });

async function newOrder(fields: Record<string, string> = {}) {
  return createOrder(
    deps(),
    orderFormSchema.parse({
      customerName: "Valentina Castillo Ruiz",
      customerPhone: "+505 8123 9876",
      customerAddress: "Reparto Schick, casa 14, Managua",
      orderDescription: "Caja 20x20x20 con ropa",
      orderTotal: "$245.00",
      destination: "NI",
      ...fields,
    }),
  );
}

type Found = { state: string; order: TrackingView };
const lookUp = (tn: string, opts: { cookie?: string; ip?: string } = {}) =>
  callRoute<Found>(
    loader,
    new Request(`http://localhost/seguimiento?numero=${encodeURIComponent(tn)}`, {
      headers: opts.cookie ? { Cookie: opts.cookie } : {},
    }),
    routeContext(app.services, null, opts.ip ?? freshIp()),
  );
const unlock = (tn: string, digits: string, opts: { cookie?: string; ip?: string } = {}) => {
  const req = formPost(`/seguimiento?numero=${encodeURIComponent(tn)}`, {
    intent: "unlock",
    digitos: digits,
  });
  if (opts.cookie) req.headers.set("Cookie", opts.cookie);
  return callRoute<{ unlockError?: string }>(
    action,
    req,
    routeContext(app.services, null, opts.ip ?? freshIp()),
  );
};
const cookieOf = (setCookie: string | null) => (setCookie ?? "").split(";")[0] ?? "";

describe("a look-up by number alone", () => {
  it("shows status, progress, history, description, total and 'first name + initial', nothing more", async () => {
    const o = await newOrder();
    const r = await lookUp(o.trackingNumber);
    expect(r.status).toBe(200);
    expect(r.headers.get("Cache-Control")).toBe("private, no-store");
    const order = r.data.order;
    expect(order).toMatchObject({
      trackingNumber: o.trackingNumber,
      status: "en_local",
      customerName: "Valentina R.",
      orderDescription: "Caja 20x20x20 con ropa",
      orderTotal: "$245.00",
      delivery: null,
      locked: true,
    });
    expect(order.expected).not.toBeNull();
    const text = JSON.stringify(r.data);
    expect(text).not.toMatch(/Reparto Schick|81239876|8123 9876|Castillo/);
  });

  it("normalises a number typed with spaces and lower case to the shared link", async () => {
    const o = await newOrder();
    const typed = o.trackingNumber.toLowerCase().replace(/-/g, " ");
    const r = await lookUp(typed);
    expect(r.status).toBe(302);
    expect(r.location).toBe(`/seguimiento?numero=${o.trackingNumber}`);
  });

  it("finds the number from its code alone, and from a label read with O for 0 and I for 1", async () => {
    const o = await newOrder();
    const code = o.trackingNumber.slice(-6);
    const byCode = await lookUp(` ${code.toLowerCase().slice(0, 3)} ${code.slice(3)} `);
    expect(byCode.status).toBe(302);
    expect(byCode.location).toBe(`/seguimiento?numero=${o.trackingNumber}`);

    // An older number holding 0 and 1 (new ones never do), typed with the letters.
    const year = new Date().getFullYear();
    const old = await newOrder();
    await app.services.db
      .update(orders)
      .set({ trackingNumber: `TRK-${year}-A0B1C0` })
      .where(eq(orders.id, old.id));
    for (const typed of [`TRK-${year}-AOBICO`, "AOBIC0", "A0BIC0"]) {
      const r = await lookUp(typed);
      expect(r.status, typed).toBe(302);
      expect(r.location, typed).toBe(`/seguimiento?numero=TRK-${year}-A0B1C0`);
    }
    // The same code in another year: the code alone finds the newest; a number keeps its year.
    const older = await newOrder();
    await app.services.db
      .update(orders)
      .set({ trackingNumber: `TRK-${year - 1}-A0B1C0`, createdAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(orders.id, older.id));
    expect((await lookUp("AOBICO")).location).toBe(`/seguimiento?numero=TRK-${year}-A0B1C0`);
    expect((await lookUp(`TRK-${year - 1}-AOBICO`)).location).toBe(
      `/seguimiento?numero=TRK-${year - 1}-A0B1C0`,
    );

    // A code no order has: the spec's 'not found', not a redirect.
    const none = await lookUp("ZZZZZZ");
    expect(none.status).toBe(404);
    expect(none.data).toMatchObject({
      state: "notFound",
      message: "Pedido no encontrado. Verifica el número de tracking.",
    });
  });

  it("shows an order without a phone as the spec says: full name and address", async () => {
    const o = await newOrder({ customerPhone: "" });
    const { order } = (await lookUp(o.trackingNumber)).data;
    expect(order).toMatchObject({
      locked: false,
      delivery: {
        customerName: "Valentina Castillo Ruiz",
        customerAddress: "Reparto Schick, casa 14, Managua",
        customerPhone: null,
      },
    });
  });

  it("shows everything to everyone while the admin's setting says so", async () => {
    const o = await newOrder();
    await saveOrderSettings(deps(), { showDeliveryDetails: true, transitDays: {} });
    try {
      const { order } = (await lookUp(o.trackingNumber)).data;
      expect(order).toMatchObject({ locked: false, delivery: { customerPhone: "+50581239876" } });
    } finally {
      await saveOrderSettings(deps(), { showDeliveryDetails: false, transitDays: {} });
    }
    expect((await lookUp(o.trackingNumber)).data.order.delivery).toBeNull();
  });
});

describe.runIf(onPostgres)("two instances on one Postgres", () => {
  it("the admin's setting saved on one instance holds for the next look-up on the other", () =>
    withTwoInstances(async (a, b) => {
      const o = await createOrder(
        { db: a.services.db, bus: a.services.bus },
        orderFormSchema.parse({
          customerName: "Rosa Mejía",
          customerPhone: "+505 8123 4567",
          orderDescription: "Caja",
        }),
      );
      const onB = async () =>
        (
          await callRoute<Found>(
            loader,
            new Request(`http://localhost/seguimiento?numero=${o.trackingNumber}`),
            routeContext(b.services, null, freshIp()),
          )
        ).data.order.delivery;
      // B has read (and keeps) the settings: private.
      expect(await onB()).toBeNull();
      await saveOrderSettings(
        { db: a.services.db, bus: a.services.bus },
        { showDeliveryDetails: true, transitDays: {} },
      );
      expect(await eventually(async () => (await onB())?.customerPhone === "+50581234567")).toBe(true);
    }));
});

describe("the 4-digit check", () => {
  it("unlocks the address and phone on this device for this order only, with a signed cookie", async () => {
    const o = await newOrder();
    const other = await newOrder();
    const wrong = await unlock(o.trackingNumber, "1111");
    expect(wrong).toMatchObject({
      status: 400,
      data: { unlockError: "Los dígitos no coinciden con el teléfono del pedido." },
    });
    expect(wrong.headers.get("Set-Cookie")).toBeNull();
    expect((await unlock(o.trackingNumber, "98a6")).data.unlockError).toBe(
      "Escribe los últimos 4 dígitos del teléfono del pedido.",
    );

    const right = await unlock(o.trackingNumber, "9876");
    expect(right.status).toBe(303);
    expect(right.location).toBe(`/seguimiento?numero=${o.trackingNumber}`);
    const setCookie = right.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^mm_track=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=7776000/);
    const cookie = cookieOf(setCookie);

    const mine = (await lookUp(o.trackingNumber, { cookie })).data.order;
    expect(mine).toMatchObject({
      locked: false,
      delivery: {
        customerName: "Valentina Castillo Ruiz",
        customerAddress: "Reparto Schick, casa 14, Managua",
        customerPhone: "+50581239876",
      },
    });
    // Another order (same digits, even) stays locked for this device.
    expect((await lookUp(other.trackingNumber, { cookie })).data.order.delivery).toBeNull();
    // A cookie written by hand, or altered, unlocks nothing.
    const forged = `mm_track=${Buffer.from(JSON.stringify([{ tn: other.trackingNumber, d: "9876", at: Date.now() }])).toString("base64")}`;
    expect((await lookUp(other.trackingNumber, { cookie: forged })).data.order.delivery).toBeNull();
    // The signature's first character (the last one holds bits a decoder ignores: changing it
    // there left the signature the same about one time in sixteen).
    const altered = cookie.replace(/\.(.)/, (_, c) => `.${c === "A" ? "B" : "A"}`);
    expect(altered).not.toBe(cookie);
    expect((await lookUp(o.trackingNumber, { cookie: altered })).data.order.delivery).toBeNull();

    // Both remembered: unlocking a second order keeps the first.
    const both = cookieOf((await unlock(other.trackingNumber, "9876", { cookie })).headers.get("Set-Cookie"));
    expect((await lookUp(o.trackingNumber, { cookie: both })).data.order.locked).toBe(false);
    expect((await lookUp(other.trackingNumber, { cookie: both })).data.order.locked).toBe(false);
  });

  it("locks again when the order's phone changes", async () => {
    const o = await newOrder();
    const cookie = cookieOf((await unlock(o.trackingNumber, "9876")).headers.get("Set-Cookie"));
    const { updateOrder } = await import("~/.server/orders/orders");
    await updateOrder(deps(), o.id, {
      customerName: o.customerName,
      customerPhone: "+50587650000",
      customerAddress: o.customerAddress,
      orderDescription: o.orderDescription,
      orderTotal: o.orderTotal,
      destination: "NI",
      status: o.status,
      deliveryPersonId: null,
      estimatedDeliveryTime: null,
      customerNote: null,
      internalNote: null,
      expectedFrom: null,
      expectedTo: null,
      eventNote: null,
      eventPlace: null,
    });
    expect((await lookUp(o.trackingNumber, { cookie })).data.order.delivery).toBeNull();
  });

  it("is limited per network and, for an order being guessed at, to one try per network; the customer still gets in", async () => {
    const o = await newOrder();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await unlock(o.trackingNumber, `000${i}`, { ip })).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    const limited = await unlock(o.trackingNumber, "9876", { ip });
    expect(limited.status).toBe(429);
    expect(limited.data.unlockError).toMatch(/^Demasiados intentos\. Espera \d+ minutos/);
    expect(limited.headers.get("Retry-After")).toBeTruthy();
    // From other networks: past twice the limit of wrong tries in a day (6; a try refused above did
    // not count), the order is being guessed at and each network gets one try at it.
    const more: number[] = [];
    for (let i = 0; i < 4; i++) more.push((await unlock(o.trackingNumber, "1234")).status);
    expect(more).toEqual([400, 400, 400, 400]);
    const guesser = freshIp();
    expect((await unlock(o.trackingNumber, "1111", { ip: guesser })).status).toBe(400);
    const again = await unlock(o.trackingNumber, "2222", { ip: guesser });
    expect(again.status).toBe(429);
    expect(again.data.unlockError).toMatch(/^Demasiados intentos\. Espera \d+ minutos/);
    // The customer, from her own network, with the right digits: in at once.
    expect((await unlock(o.trackingNumber, "9876")).status).toBe(303);
  });
});
