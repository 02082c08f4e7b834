import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderFormSchema } from "../../lib/order-forms";
import { assignConversation } from "../chat/assignment";
import { staffReply } from "../chat/staff";
import { visitorSend } from "../chat/visitor";
import { pushSubscriptions, staffUsers } from "../db/schema";
import { DomainError } from "../errors";
import { addOrderEvent, changeOrderStatus, createOrder, deleteOrder, updateOrder } from "../orders/orders";
import { makeAgent, startConversation } from "../testing/chat";
import { testLogger } from "../testing/db";
import { setupTestDatabase } from "../testing/setup";
import { isPublicAddress, parseAllowedHosts } from "./endpoint";
import { ensureVapidKeys } from "./keys";
import { startPushNotifier } from "./notifier";
import { subscribeOrder, subscribeStaff, unsubscribeOrder, unsubscribeStaff } from "./opt-in";
import { notifyStaffOfMessage } from "./rules";
import { createPushService } from "./send";
import { isSubscribed } from "./subscriptions";
import { type LocalPushService, startLocalPushService } from "./testing";

const deps = setupTestDatabase({ bus: true });
let service: LocalPushService;
const push = () =>
  createPushService(
    { db: deps.db, logger: testLogger },
    { enabled: true, subject: "mailto:a@example.com", allowedHosts: parseAllowedHosts("http://localhost") },
  );
let notifier: ReturnType<typeof startPushNotifier>;
let p: ReturnType<typeof createPushService>;

type Device = Awaited<ReturnType<LocalPushService["subscribe"]>>;
const form = (d: Device) => ({ endpoint: d.endpoint, p256dh: d.keys.p256dh, auth: d.keys.auth });
const device = async () => service.subscribe((await p.publicKey()) ?? "");
const received = (d: Device) =>
  service.messages(d.clientHash) as Promise<{ title: string; body: string; url: string }[]>;

let ana: { userId: string; agentId: string };
let beto: { userId: string; agentId: string };
let carla: { userId: string };
let anaPhone: Device;
let anaLaptop: Device;
let betoPhone: Device;
let carlaPhone: Device;

async function staff(name: string, role: "admin" | "operador", deactivated = false) {
  const [u] = await deps.db
    .insert(staffUsers)
    .values({
      email: `${randomUUID().slice(0, 8)}@example.com`,
      name,
      role,
      passwordHash: "x",
      deactivatedAt: deactivated ? new Date() : null,
    })
    .returning({ id: staffUsers.id });
  return u?.id ?? "";
}

beforeAll(async () => {
  service = await startLocalPushService();
  p = push();
  notifier = startPushNotifier({ db: deps.db, bus: deps.bus, push: p, logger: testLogger });
  const a = await makeAgent(deps, "Ana");
  const b = await makeAgent(deps, "Beto");
  const agentUser = async (agentId: string) =>
    (await deps.db.query.chatAgents.findFirst({ where: (t, { eq }) => eq(t.id, agentId) }))?.userId ?? "";
  ana = { userId: await agentUser(a.id), agentId: a.id };
  beto = { userId: await agentUser(b.id), agentId: b.id };
  carla = { userId: await staff("Carla", "admin", true) };
  [anaPhone, anaLaptop, betoPhone, carlaPhone] = await Promise.all([device(), device(), device(), device()]);
  await subscribeStaff({ db: deps.db, push: p }, ana.userId, form(anaPhone));
  await subscribeStaff({ db: deps.db, push: p }, ana.userId, form(anaLaptop));
  await subscribeStaff({ db: deps.db, push: p }, beto.userId, form(betoPhone));
  await subscribeStaff({ db: deps.db, push: p }, carla.userId, form(carlaPhone));
}, 60_000);
afterAll(async () => {
  notifier?.stop();
  await service?.close();
});

const staffRows = () =>
  deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.ownerKind, "staff"));

describe("VAPID keys and subscriptions", () => {
  it("makes the key pair once and keeps it in the database", async () => {
    const first = await ensureVapidKeys(deps.db);
    expect(await ensureVapidKeys(deps.db)).toEqual(first);
    expect(await push().publicKey()).toBe(first.publicKey);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
  });

  it("stores one row per device and owner, refreshes keys, and opts out", async () => {
    expect(await staffRows()).toHaveLength(4);
    await subscribeStaff({ db: deps.db, push: p }, beto.userId, {
      ...form(betoPhone),
      auth: "bmV3LWF1dGgtc2VjcmV0",
    });
    await subscribeStaff({ db: deps.db, push: p }, beto.userId, form(betoPhone));
    const rows = await staffRows();
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.endpoint === betoPhone.endpoint)?.auth).toBe(betoPhone.keys.auth);
    const extra = await device();
    await subscribeStaff({ db: deps.db, push: p }, beto.userId, form(extra));
    expect(await staffRows()).toHaveLength(5);
    await unsubscribeStaff({ db: deps.db, push: p }, beto.userId, extra.endpoint);
    expect(await staffRows()).toHaveLength(4);
  });

  it("refuses endpoints that are not a push service's, and everything when push is off", async () => {
    const strict = createPushService(
      { db: deps.db, logger: testLogger },
      { enabled: true, subject: "mailto:a@example.com" },
    );
    for (const endpoint of [
      "http://fcm.googleapis.com/x",
      "https://127.0.0.1/x",
      "https://localhost/x",
      "https://10.1.2.3/x",
      "https://[::1]/x",
      // Names that lead inside: an /etc/hosts name, a trailing dot, cloud metadata, wildcard DNS.
      "https://vm:4444/d",
      "https://localhost./x",
      "https://metadata.google.internal/x",
      "https://127.0.0.1.nip.io/x",
      "https://localtest.me/x",
      "https://fcm.googleapis.com:8443/x",
      "https://fcm.googleapis.com.evil.example/x",
      "https://user@fcm.googleapis.com/x",
    ])
      expect(() => strict.checkEndpoint(endpoint), endpoint).toThrow(DomainError);
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/abc",
      "https://wns2-par02p.notify.windows.com/w/?token=abc",
    ])
      expect(() => strict.checkEndpoint(endpoint), endpoint).not.toThrow();
    for (const [address, isPublic] of [
      ["142.250.72.10", true],
      ["2607:f8b0:4005:80b::200a", true],
      ["127.0.0.1", false],
      ["10.0.0.8", false],
      ["169.254.169.254", false],
      ["100.64.1.1", false],
      ["::1", false],
      ["::ffff:127.0.0.1", false],
      ["fd00::1", false],
      ["fe80::1", false],
    ] as const)
      expect(isPublicAddress(address), address).toBe(isPublic);
    const off = createPushService(
      { db: deps.db, logger: testLogger },
      { enabled: false, subject: "mailto:a@example.com" },
    );
    expect(await off.publicKey()).toBeNull();
    await expect(
      subscribeStaff({ db: deps.db, push: off }, ana.userId, form(anaPhone)),
    ).rejects.toMatchObject({
      reason: "push-disabled",
    });
    expect(await off.notify("staff", [ana.userId], "x", { title: "", body: "", url: "/", tag: "" })).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
  });
});

describe("the staff notification rule", () => {
  it("a new conversation notifies every active staff member's devices with the name and 50 characters", async () => {
    const text = "Hola, quisiera saber cuánto cuesta enviar una caja grande a Managua esta semana";
    const before = (await received(anaPhone)).length;
    const { clientId } = await startConversation(deps, text);
    await notifier.idle();
    for (const d of [anaPhone, anaLaptop, betoPhone]) {
      const last = (await received(d)).at(-1);
      expect(last).toEqual({
        // 'Visitante N', never the session id.
        title: expect.stringMatching(/^Visitante \d+$/),
        body: `${text.slice(0, 50)}…`,
        url: `/admin/chat?c=${encodeURIComponent(clientId)}`,
        tag: `chat:${clientId}`,
      });
    }
    expect((await received(anaPhone)).length).toBe(before + 1);
    // Carla is deactivated.
    expect(await received(carlaPhone)).toHaveLength(0);
  });

  it("an assigned conversation notifies only its agent; staff replies notify nobody; nobody twice", async () => {
    const { clientId, secret } = await startConversation(deps, "Primero");
    await assignConversation(deps, clientId, beto.agentId);
    await staffReply(deps, clientId, { id: beto.agentId, name: "Beto" }, "¡Hola!");
    await notifier.idle();
    const counts = async () => [
      (await received(anaPhone)).length,
      (await received(anaLaptop)).length,
      (await received(betoPhone)).length,
    ];
    const before = await counts();
    const r = await visitorSend(
      deps,
      { clientId, clientMessageId: randomUUID(), message: "¿Siguen ahí?" },
      secret,
      {
        ip: "9.9.9.9",
      },
    );
    await notifier.idle();
    expect(await counts()).toEqual([before[0], before[1], (before[2] ?? 0) + 1]);
    expect((await received(betoPhone)).at(-1)?.body).toBe("¿Siguen ahí?");
    // The same message again (a retry, another instance hearing the event): nobody gets it twice.
    const again = await notifyStaffOfMessage({ db: deps.db, push: p }, { ...r.message, sender: "client" });
    const otherInstance = startPushNotifier({ db: deps.db, bus: deps.bus, push: push(), logger: testLogger });
    await notifyStaffOfMessage({ db: deps.db, push: push() }, r.message);
    otherInstance.stop();
    expect(again?.sent ?? 0).toBe(0);
    expect(await counts()).toEqual([before[0], before[1], (before[2] ?? 0) + 1]);
  });

  it("stops sending to a subscription the push service says is gone (410), still reaches the others, and its status does not tell", async () => {
    await service.expire(anaPhone.clientHash);
    const laptopBefore = (await received(anaLaptop)).length;
    await startConversation(deps, "¿Abren el domingo?");
    await notifier.idle();
    const rows = await staffRows();
    expect(rows.find((r) => r.endpoint === anaPhone.endpoint)?.goneAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.endpoint === anaLaptop.endpoint)?.goneAt).toBeNull();
    expect((await received(anaLaptop)).length).toBe(laptopBefore + 1);
    // The opt-in's status answers what the browser chose, not what happened to a delivery.
    expect(await isSubscribed(deps.db, { kind: "staff", id: ana.userId }, anaPhone.endpoint)).toBe(true);
    const sent = await p.notify("staff", [ana.userId], `again-${Date.now()}`, {
      title: "t",
      body: "b",
      url: "/",
      tag: "t",
    });
    expect(sent).toEqual({ sent: 1, removed: 0, failed: 0 });
  });
});

describe("following an order from the tracking page", () => {
  it("notifies each new status once, not other edits, and forgets the order when it is deleted", async () => {
    const order = await createOrder(
      deps,
      orderFormSchema.parse({ customerName: "Rosa", orderDescription: "Caja" }),
    );
    const browser = await device();
    await subscribeOrder({ db: deps.db, push: p }, order.trackingNumber.toLowerCase(), form(browser));
    await expect(
      subscribeOrder({ db: deps.db, push: p }, "TRK-2026-NOPE00", form(browser)),
    ).rejects.toMatchObject({ kind: "not_found" });
    // Editing a field without a new status says nothing (the current status was known when subscribing).
    await updateOrder(deps, order.id, {
      ...orderFormSchema.parse({ customerName: "Rosa M.", orderDescription: "Caja" }),
      status: "en_local",
    } as never);
    await changeOrderStatus(deps, order.id, "enviando");
    await changeOrderStatus(deps, order.id, "enviando");
    await notifier.idle();
    expect(await received(browser)).toEqual([
      {
        title: `Pedido ${order.trackingNumber}: Enviando`,
        body: "Tu pedido está listo y estamos asignando un repartidor.",
        url: `/seguimiento?numero=${encodeURIComponent(order.trackingNumber)}`,
        tag: `order:${order.trackingNumber}`,
      },
    ]);
    await unsubscribeOrder({ db: deps.db, push: p }, order.trackingNumber, browser.endpoint);
    await changeOrderStatus(deps, order.id, "en_reparto");
    await notifier.idle();
    expect(await received(browser)).toHaveLength(1);
    await subscribeOrder({ db: deps.db, push: p }, order.trackingNumber, form(browser));
    await deleteOrder(deps, order.id);
    await notifier.idle();
    const left = await deps.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.ownerKind, "order"));
    expect(left).toHaveLength(0);
  });

  it("tells a follower the note and place staff wrote, with a status change or on its own, once each", async () => {
    const order = await createOrder(
      deps,
      orderFormSchema.parse({
        customerName: "Rosa",
        orderDescription: "Caja",
        customerPhone: "+50587654321",
      }),
    );
    // A note written before this browser followed the order is old news.
    await addOrderEvent(deps, order.id, { status: null, note: "Recibido en bodega", place: null });
    const browser = await device();
    await subscribeOrder({ db: deps.db, push: p }, order.trackingNumber, form(browser));
    await changeOrderStatus(deps, order.id, "enviando", new Date(), {
      note: "Salió de Miami",
      place: "Miami",
    });
    await addOrderEvent(deps, order.id, { status: null, note: "Llegó a Managua", place: "Managua" });
    await addOrderEvent(deps, order.id, { status: null, note: null, place: "Aduana de Peñas Blancas" });
    await notifier.idle();
    const url = `/seguimiento?numero=${encodeURIComponent(order.trackingNumber)}`;
    const tag = `order:${order.trackingNumber}`;
    expect(await received(browser)).toEqual([
      { title: `Pedido ${order.trackingNumber}: Enviando`, body: "Salió de Miami · Miami", url, tag },
      { title: `Pedido ${order.trackingNumber}: Novedad`, body: "Llegó a Managua · Managua", url, tag },
      { title: `Pedido ${order.trackingNumber}: Novedad`, body: "Aduana de Peñas Blancas", url, tag },
    ]);
    // Going back to a status reached before, with a note: its own line, told once.
    await changeOrderStatus(deps, order.id, "en_local", new Date(), { note: "Reprogramado", place: null });
    await notifier.idle();
    expect((await received(browser)).at(-1)).toMatchObject({
      title: `Pedido ${order.trackingNumber}: En el local`,
      body: "Reprogramado",
    });
    expect(await received(browser)).toHaveLength(4);
  });
});
