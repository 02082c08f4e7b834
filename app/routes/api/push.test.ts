import { describe, expect, it } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { createOrder } from "~/.server/orders/orders";
import { callRoute, formPost, routeContext, TEST_ADMIN, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import { orderFormSchema } from "~/lib/order-forms";
import { PUSH_TEXTS } from "~/lib/push";
import { loader as keyLoader } from "./push.key";
import { action as orderAction } from "./push.order";
import { action as staffAction } from "./push.staff";

const app = setupTestApp();
type Reply = { ok: boolean; message: string | null; extra?: { subscribed?: boolean } };
const sub = (n: number) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/device-${n}`,
  p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
  auth: "tBHItJI5svbpez7KI4CCXg",
});
const staff = (user: StaffUser | null, fields: Record<string, string>) =>
  callRoute<Reply>(staffAction, formPost("/api/push/staff", fields), routeContext(app.services, user));
const order = (fields: Record<string, string>, ip = "10.9.9.9") =>
  callRoute<Reply>(orderAction, formPost("/api/push/order", fields), routeContext(app.services, null, ip));

describe("/api/push", () => {
  it("hands out the VAPID public key", async () => {
    const r = await callRoute<{ publicKey: string }>(
      keyLoader,
      new Request("http://localhost/api/push/key"),
      routeContext(app.services, null),
    );
    expect(r.data.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
  });

  it("staff opt in and out per device; visitors may not", async () => {
    expect((await staff(null, { intent: "subscribe", ...sub(1) })).status).toBe(401);
    for (const user of [TEST_OPERADOR, TEST_ADMIN]) {
      const on = await staff(user, { intent: "subscribe", ...sub(1) });
      expect(on.data).toMatchObject({ ok: true, message: PUSH_TEXTS.staffOn });
      const status = await staff(user, { intent: "status", endpoint: sub(1).endpoint });
      expect(status.data.extra).toEqual({ subscribed: true });
    }
    const off = await staff(TEST_OPERADOR, { intent: "unsubscribe", endpoint: sub(1).endpoint });
    expect(off.data).toMatchObject({ ok: true, message: PUSH_TEXTS.staffOff });
    expect((await staff(TEST_OPERADOR, { intent: "status", endpoint: sub(1).endpoint })).data.extra).toEqual({
      subscribed: false,
    });
    // The admin's opt-in on the same browser is untouched.
    expect((await staff(TEST_ADMIN, { intent: "status", endpoint: sub(1).endpoint })).data.extra).toEqual({
      subscribed: true,
    });
    const local = await staff(TEST_ADMIN, {
      intent: "subscribe",
      ...sub(1),
      endpoint: "http://127.0.0.1:9/x",
    });
    expect(local.data.ok).toBe(false);
  });

  it("a visitor follows an order by its tracking number, within limits", async () => {
    const o = await createOrder(
      { db: app.services.db, bus: app.services.bus },
      orderFormSchema.parse({ customerName: "Rosa", orderDescription: "Caja" }),
    );
    const missing = await order({ intent: "subscribe", trackingNumber: "TRK-2026-NOPE00", ...sub(2) });
    expect(missing.data).toMatchObject({ ok: false, message: "Pedido no encontrado." });
    const on = await order({ intent: "subscribe", trackingNumber: o.trackingNumber, ...sub(2) });
    expect(on.data).toMatchObject({ ok: true, message: PUSH_TEXTS.orderOn });
    const status = await order({
      intent: "status",
      trackingNumber: o.trackingNumber,
      endpoint: sub(2).endpoint,
    });
    expect(status.data.extra).toEqual({ subscribed: true });
    for (let i = 3; i < 12; i++)
      await order({ intent: "subscribe", trackingNumber: o.trackingNumber, ...sub(i) }, `10.8.0.${i}`);
    // Ten browsers follow it; an eleventh replaces the oldest instead of being refused.
    const eleventh = await order(
      { intent: "subscribe", trackingNumber: o.trackingNumber, ...sub(99) },
      "10.7.0.1",
    );
    expect(eleventh.data).toMatchObject({ ok: true, message: PUSH_TEXTS.orderOn });
    const still = async (n: number) =>
      (
        await order(
          { intent: "status", trackingNumber: o.trackingNumber, endpoint: sub(n).endpoint },
          "10.5.0.1",
        )
      ).data.extra;
    expect(await still(99)).toEqual({ subscribed: true });
    expect(await still(2)).toEqual({ subscribed: false });
    expect(await still(3)).toEqual({ subscribed: true });
    const off = await order({
      intent: "unsubscribe",
      trackingNumber: o.trackingNumber,
      endpoint: sub(2).endpoint,
    });
    expect(off.data).toMatchObject({ ok: true, message: PUSH_TEXTS.orderOff });
    let last: Reply | null = null;
    for (let i = 0; i < 25; i++)
      last = (
        await order(
          { intent: "unsubscribe", trackingNumber: o.trackingNumber, endpoint: sub(2).endpoint },
          "10.6.0.1",
        )
      ).data;
    expect(last).toMatchObject({ ok: false, message: "Demasiados intentos seguidos. Espera un momento." });
  });
});
