import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderFormSchema } from "../../lib/order-forms";
import { shipmentEventSchema, shipmentSchema } from "../../lib/shipment-forms";
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
} from "../../routes/mail-unsubscribe/route";
import { action as trackingAction, loader as trackingLoader } from "../../routes/seguimiento/route";
import { listMail } from "../mail/queue";
import { callRoute, formPost, routeContext } from "../testing/routes";
import { setupTestApp } from "../testing/setup";
import { startSmtpServer, type TestSmtpServer } from "../testing/smtp";
import { addOrderEvent, changeOrderStatus, createOrder } from "./orders";
import { saveOrderSettings } from "./settings";
import { addShipmentEvent, addToShipment, saveShipment } from "./shipments";

// Parcel notices by e-mail (issue 40), sent through a real SMTP server started here.
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
const app = setupTestApp({
  get SMTP_URL() {
    return smtp.url;
  },
  PUBLIC_URL: "https://tienda.example",
  TRACKING_LOOKUPS_PER_MINUTE: "1000",
});

const deps = () => ({ db: app.services.db, bus: app.services.bus });
let n = 0;
const newOrder = (fields: Record<string, string> = {}) =>
  createOrder(
    deps(),
    orderFormSchema.parse({
      customerName: "Valentina Castillo",
      customerPhone: "+505 8123 9876",
      customerAddress: "Reparto Schick, Managua",
      orderDescription: "Caja mediana con ropa",
      senderName: "Rosa Pérez",
      senderEmail: `rosa${++n}@example.com`,
      contents: "Ropa usada, 40\nZapatos, 25",
      destination: "NI",
      ...fields,
    }),
  );
const sent = async (to: string) => {
  await app.services.mail.drain();
  return smtp.to(to);
};
const links = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? "");

describe("a parcel's sender", () => {
  it("gets the receipt with the tracking link when the order is made", async () => {
    const o = await newOrder();
    const [mail, ...more] = await sent(`rosa${n}@example.com`);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(`Recibimos tu envío ${o.trackingNumber}`);
    expect(mail?.text).toContain("Valentina Castillo");
    expect(mail?.text).toContain("Ropa usada");
    expect(mail?.text).toContain("$65.00");
    expect(links(String(mail?.html))).toContain(
      `https://tienda.example/seguimiento?numero=${encodeURIComponent(o.trackingNumber)}`,
    );
  });

  it("hears of the statuses the owner chose and of notes, and stops after unsubscribing", async () => {
    const o = await newOrder();
    const to = `rosa${n}@example.com`;
    await changeOrderStatus(deps(), o.id, "enviando");
    let mails = await sent(to);
    expect(mails.map((m) => m.subject)).toEqual([
      `Recibimos tu envío ${o.trackingNumber}`,
      `Tu envío ${o.trackingNumber}: Enviando`,
    ]);
    // A status the owner did not tick sends nothing; a note does while 'mail events' is on.
    await changeOrderStatus(deps(), o.id, "en_local");
    await addOrderEvent(deps(), o.id, { status: null, note: "Llegó a Managua", place: "Managua" });
    mails = await sent(to);
    expect(mails).toHaveLength(3);
    expect(mails[2]?.subject).toBe(`Novedad de tu envío ${o.trackingNumber}`);
    expect(mails[2]?.text).toContain("Llegó a Managua");

    // The unsubscribe link: opening it stops nothing, its button (or a mail app's one-click post) does.
    const unsubscribe = links(String(mails[2]?.html)).find((l) => l.includes("/correo/baja/")) ?? "";
    expect(unsubscribe).toMatch(/^https:\/\/tienda\.example\/correo\/baja\/[\w-]{20,}$/);
    const token = unsubscribe.split("/").pop() ?? "";
    const page = await callRoute<{ trackingNumber: string; active: boolean }>(
      unsubscribeLoader,
      new Request(unsubscribe),
      routeContext(app.services, null),
      { token },
    );
    expect(page.data).toEqual({ trackingNumber: o.trackingNumber, active: true });
    const oneClick = await callRoute<{ stopped: string }>(
      unsubscribeAction,
      formPost(`/correo/baja/${token}`, { "List-Unsubscribe": "One-Click" }),
      routeContext(app.services, null),
      { token },
    );
    expect(oneClick.data.stopped).toBe(o.trackingNumber);
    await changeOrderStatus(deps(), o.id, "entregado");
    expect(await sent(to)).toHaveLength(3);
  });

  it("follows the owner's settings: no notes, only 'Entregado'", async () => {
    await saveOrderSettings(deps(), {
      showDeliveryDetails: false,
      transitDays: {},
      mailStatuses: ["entregado"],
      mailEvents: false,
    });
    try {
      const o = await newOrder();
      const to = `rosa${n}@example.com`;
      await changeOrderStatus(deps(), o.id, "enviando", new Date(), { note: "Salió", place: null });
      await changeOrderStatus(deps(), o.id, "entregado");
      const mails = await sent(to);
      // (The two may arrive in either order: the receipt may be sending while the change is made.)
      expect(mails.map((m) => m.subject).sort()).toEqual([
        `Recibimos tu envío ${o.trackingNumber}`,
        `Tu envío ${o.trackingNumber}: Entregado`,
      ]);
    } finally {
      await saveOrderSettings(deps(), {
        showDeliveryDetails: false,
        transitDays: {},
        mailStatuses: ["enviando", "en_reparto", "entregado"],
        mailEvents: true,
      });
    }
  });

  it("hears of a shipment's event, once per parcel", async () => {
    const a = await newOrder();
    const b = await newOrder({ senderEmail: "" });
    const c = await newOrder();
    const shipment = await saveShipment(
      deps(),
      undefined,
      shipmentSchema.parse({ reference: "Contenedor 50", destination: "NI" }),
    );
    await addToShipment(deps(), shipment.id, {
      numbers: [a.trackingNumber, b.trackingNumber, c.trackingNumber],
      orderIds: [],
    });
    await addShipmentEvent(
      deps(),
      shipment.id,
      shipmentEventSchema.parse({
        id: shipment.id,
        status: "enviando",
        note: "Zarpó el contenedor",
        place: "Miami",
        at: "2026-11-20T10:00",
      }),
    );
    const queued = (await listMail(app.services.db)).filter((m) => m.kind === "parcel.update");
    const toA = queued.filter((m) => m.toAddress === a.senderEmail);
    const toC = queued.filter((m) => m.toAddress === c.senderEmail);
    expect(toA).toHaveLength(1);
    expect(toC).toHaveLength(1);
    expect(toA[0]?.params).toMatchObject({ status: "enviando", note: "Zarpó el contenedor", place: "Miami" });
  });
});

describe("the tracking page's 'Avisos por correo'", () => {
  const track = (tn: string, cookie = "") =>
    new Request(`http://localhost/seguimiento?numero=${encodeURIComponent(tn)}`, {
      headers: { Cookie: cookie },
    });
  const post = (tn: string, fields: Record<string, string>, cookie = "") => {
    const req = formPost(`/seguimiento?numero=${encodeURIComponent(tn)}`, fields);
    if (cookie) req.headers.set("Cookie", cookie);
    return req;
  };

  it("is offered only after the 4 digits, and sends a confirmation with its own unsubscribe link", async () => {
    const o = await newOrder({ senderEmail: "" });
    const ctx = routeContext(app.services, null, "203.0.113.7");
    const locked = await callRoute<{ mail: unknown }>(trackingLoader, track(o.trackingNumber), ctx);
    expect(locked.data.mail).toBeNull();
    const refused = await callRoute<{ mail: { ok: boolean } }>(
      trackingAction,
      post(o.trackingNumber, { intent: "mail-follow", email: "mama@example.com" }),
      ctx,
    );
    expect(refused.status).toBe(403);

    const unlocked = await callRoute(
      trackingAction,
      post(o.trackingNumber, { intent: "unlock", digitos: "9876" }),
      ctx,
    );
    const cookie = (unlocked.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const bad = await callRoute<{ mail: { ok: boolean; message: string; email: string } }>(
      trackingAction,
      post(o.trackingNumber, { intent: "mail-follow", email: "mama@" }, cookie),
      ctx,
    );
    expect(bad.status).toBe(400);
    expect(bad.data.mail).toMatchObject({ ok: false, email: "mama@" });
    const ok = await callRoute<{ mail: { ok: boolean; message: string } }>(
      trackingAction,
      post(o.trackingNumber, { intent: "mail-follow", email: "Mama@Example.com" }, cookie),
      ctx,
    );
    expect(ok.data.mail).toMatchObject({ ok: true });
    expect(ok.data.mail.message).toContain("m***@example.com");
    const [confirmation] = await sent("mama@example.com");
    expect(confirmation?.subject).toBe(`Avisos por correo del envío ${o.trackingNumber}`);

    const page = await callRoute<{ mail: { followers: { id: string; email: string }[] } }>(
      trackingLoader,
      track(o.trackingNumber, cookie),
      ctx,
    );
    expect(page.data.mail.followers).toEqual([{ id: expect.any(String), email: "m***@example.com" }]);
    await changeOrderStatus(deps(), o.id, "enviando");
    expect(await sent("mama@example.com")).toHaveLength(2);

    const id = page.data.mail.followers[0]?.id ?? "";
    const stop = await callRoute<{ mail: { ok: boolean } }>(
      trackingAction,
      post(o.trackingNumber, { intent: "mail-stop", id }, cookie),
      ctx,
    );
    expect(stop.data.mail.ok).toBe(true);
    await changeOrderStatus(deps(), o.id, "en_reparto");
    expect(await sent("mama@example.com")).toHaveLength(2);
  });
});
