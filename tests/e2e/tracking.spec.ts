import type { APIRequestContext, Page } from "@playwright/test";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { type LocalPushService, startLocalPushService } from "../../app/.server/push/testing";
import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// The tracking page customers trust (docs/product.md §2.9): private by default, every step with
// its note and place, live, and an expected delivery date.

type StaffOrder = { id: string; trackingNumber: string; customerName: string };

/** Creates an order as the orders page's form does and reads it back from the list's data. */
async function createOrder(staff: APIRequestContext, fields: Record<string, string>): Promise<StaffOrder> {
  const res = await staff.post("/admin/orders", { form: { intent: "create", ...fields } });
  expect(res.status()).toBe(200);
  const list = await staff.get(`/admin/orders.data?q=${encodeURIComponent(fields.customerName ?? "")}`);
  const decoded = await decodeViaTurboStream(
    new Response(await list.text()).body as ReadableStream<Uint8Array>,
    globalThis,
  );
  await decoded.done;
  const value = decoded.value as Record<string, { data: { orders: StaffOrder[] } }>;
  const order = value["routes/admin/orders/route"]?.data.orders.find(
    (o) => o.customerName === fields.customerName,
  );
  if (!order) throw new Error("order not created");
  return order;
}

const staffPosts = async (staff: APIRequestContext, form: Record<string, string>) => {
  const res = await staff.post("/admin/orders", { form });
  expect(res.status(), form.intent).toBe(200);
};

/** The page's PushManager hands out `sub` (a local push service's subscription) instead of the browser's own. */
async function usePushSubscription(
  page: Page,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  await page.context().grantPermissions(["notifications"]);
  await page.addInitScript((s) => {
    const fake = {
      endpoint: s.endpoint,
      toJSON: () => ({ endpoint: s.endpoint, keys: s.keys }),
      unsubscribe: async () => true,
    };
    PushManager.prototype.subscribe = async () => {
      sessionStorage.setItem("fake-push", "1");
      return fake as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () =>
      (sessionStorage.getItem("fake-push") ? fake : null) as unknown as PushSubscription;
  }, sub);
}

const customerFields = (name: string) => ({
  customerName: name,
  customerPhone: "8123 9876",
  customerPhoneCountry: "NI",
  customerAddress: "Reparto Schick, casa 14, Managua",
  orderDescription: "Caja 20x20x20 con ropa",
  orderTotal: "$245.00",
  destination: "NI",
});

test.describe("tracking customers trust", () => {
  let push: LocalPushService;
  test.beforeAll(async () => {
    push = await startLocalPushService();
  });
  test.afterAll(async () => {
    await push.close();
  });

  // The headless shell keeps the notification permission 'denied': this one runs in the full browser.
  test("notes and places show live on an open tracking page and in its push notification", {
    tag: "@full-browser",
  }, async ({ page, staffRequest }) => {
    test.setTimeout(90_000);
    const staff = await staffRequest("operador");
    const name = `Valentina Vivo${Date.now() % 100000} Castillo`;
    const order = await createOrder(staff, customerFields(name));
    const { publicKey } = await (await page.request.get("/api/push/key")).json();
    const device = await push.subscribe(publicKey);
    await usePushSubscription(page, device);

    await gotoReady(page, `/seguimiento?numero=${order.trackingNumber}`);
    await expect(page.getByRole("heading", { name: order.trackingNumber })).toBeVisible();
    await expect(page.getByText(/^Entrega estimada: \d/)).toBeVisible();
    await page.getByRole("button", { name: "Avísame cuando cambie" }).click();
    await expect(page.getByRole("button", { name: "Dejar de avisarme" })).toBeVisible();

    const timeline = page.getByRole("list", { name: "Historial del Pedido" });
    await staffPosts(staff, {
      intent: "event",
      id: order.id,
      status: "enviando",
      note: "Salió de Miami",
      place: "Miami",
    });
    await expect(page.getByTestId("tracking-status")).toHaveText("Enviando");
    await expect(timeline.getByRole("listitem").nth(1)).toContainText("Salió de Miami");
    await expect(timeline.getByRole("listitem").nth(1)).toContainText("Miami");

    await staffPosts(staff, { intent: "event", id: order.id, note: "Llegó a Managua", place: "Managua" });
    const last = timeline.getByRole("listitem").last();
    await expect(last).toContainText("Novedad");
    await expect(last).toContainText("Llegó a Managua");
    await expect(last).toContainText(/\d{2} [a-z]{3} \d{4}, \d{2}:\d{2}/);
    await expect(page.getByText("Llegó a Managua · Managua")).toBeVisible(); // the toast
    await expect
      .poll(async () => (await push.messages(device.clientHash)).map((m) => (m as { body: string }).body), {
        timeout: 20_000,
      })
      .toEqual(["Salió de Miami · Miami", "Llegó a Managua · Managua"]);
    // The page stayed private all along.
    await expect(page.getByText("Valentina")).toBeVisible();
    expect(await page.content()).not.toContain("Reparto Schick");
    expect(await axeViolations(page, { feature: true })).toEqual([]);
  });

  test("the last 4 digits of the order's phone show the address and phone, remembered on this device", async ({
    page,
    browser,
    server,
    staffRequest,
  }) => {
    const staff = await staffRequest("operador");
    // Two browsers and three accessibility checks: ~19 s alone on this machine.
    test.slow();
    const name = `Valentina Llave${Date.now() % 100000} Castillo`;
    const order = await createOrder(staff, customerFields(name));
    await gotoReady(page, `/seguimiento?numero=${order.trackingNumber}`);
    const delivery = page.getByRole("heading", { name: "Información de Entrega" }).locator("..");
    await expect(delivery).toContainText(/Cliente: Valentina C\./);
    await expect(page.getByText("Reparto Schick")).toHaveCount(0);

    const digits = page.getByLabel("Últimos 4 dígitos del teléfono");
    await digits.fill("1234");
    await page.getByRole("button", { name: "Ver datos de entrega" }).click();
    await expect(page.getByRole("alert")).toHaveText("Los dígitos no coinciden con el teléfono del pedido.");
    expect(await axeViolations(page, { feature: true })).toEqual([]);
    await digits.fill("9876");
    await page.getByRole("button", { name: "Ver datos de entrega" }).click();
    await expect(page.getByText("Reparto Schick, casa 14, Managua")).toBeVisible();
    await expect(page.getByText("+505 8123 9876")).toBeVisible();
    await expect(delivery).toContainText(name);
    expect(await axeViolations(page, { feature: true })).toEqual([]);

    // Remembered on this device: a new visit shows them at once; another device does not.
    await page.reload();
    await expect(page.getByText("Reparto Schick, casa 14, Managua")).toBeVisible();
    const other = await browser.newContext({ baseURL: server.baseURL });
    const otherPage = await other.newPage();
    await otherPage.goto(`/seguimiento?numero=${order.trackingNumber}`);
    await expect(otherPage.getByLabel("Últimos 4 dígitos del teléfono")).toBeVisible();
    await expect(otherPage.getByText("Reparto Schick")).toHaveCount(0);
    await other.close();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the 4-digit check is a form that works; the code alone and a number typed with spaces are found", async ({
      page,
      staffRequest,
    }) => {
      const staff = await staffRequest("operador");
      const name = `Valentina SinJs${Date.now() % 100000} Castillo`;
      const order = await createOrder(staff, customerFields(name));
      // The code alone, as printed big on the box's label.
      await page.goto("/seguimiento");
      await page.getByLabel("Número de tracking").fill(order.trackingNumber.slice(-6).toLowerCase());
      await page.getByRole("button", { name: "Consultar" }).click();
      await expect(page).toHaveURL(`/seguimiento?numero=${order.trackingNumber}`);
      await expect(page.getByRole("heading", { name: order.trackingNumber })).toBeVisible();
      await page.goto("/seguimiento");
      await page.getByLabel("Número de tracking").fill(order.trackingNumber.toLowerCase().replace(/-/g, " "));
      await page.getByRole("button", { name: "Consultar" }).click();
      await expect(page).toHaveURL(`/seguimiento?numero=${order.trackingNumber}`);
      await expect(page.getByRole("heading", { name: order.trackingNumber })).toBeVisible();
      await page.getByLabel("Últimos 4 dígitos del teléfono").fill("0000");
      await page.getByRole("button", { name: "Ver datos de entrega" }).click();
      await expect(page.getByRole("alert")).toHaveText(
        "Los dígitos no coinciden con el teléfono del pedido.",
      );
      await page.getByLabel("Últimos 4 dígitos del teléfono").fill("9876");
      await page.getByRole("button", { name: "Ver datos de entrega" }).click();
      await expect(page).toHaveURL(`/seguimiento?numero=${order.trackingNumber}`);
      await expect(page.getByText("Reparto Schick, casa 14, Managua")).toBeVisible();
    });
  });

  test.describe("staff", () => {
    test.use({ signedInAs: "admin" });

    /** The order's row (or card, on phones) in the staff list. */
    const orderRow = (page: Page, customer: string) =>
      page
        .getByRole("row")
        .filter({ hasText: customer })
        .or(page.getByRole("listitem").filter({ hasText: customer }))
        .first();

    test("staff add notes from the row menu and the edit dialog; an open tracking page shows them live", async ({
      page,
      staffRequest,
      visitorPhone,
    }) => {
      test.setTimeout(90_000);
      const staff = await staffRequest("admin");
      const name = `Valentina Menu${Date.now() % 100000} Castillo`;
      const order = await createOrder(staff, customerFields(name));
      const visitor = await visitorPhone();
      await gotoReady(visitor, `/seguimiento?numero=${order.trackingNumber}`);
      const timeline = visitor.getByRole("list", { name: "Historial del Pedido" });

      await gotoReady(page, `/admin/orders?q=${encodeURIComponent(name)}`);
      const row = orderRow(page, name);
      // 'Avisar por WhatsApp': the order's phone, a message for its status and the tracking link.
      const whatsapp = row.getByRole("link", { name: /Avisar por WhatsApp/ });
      const href = (await whatsapp.getAttribute("href")) ?? "";
      expect(href.startsWith("https://wa.me/50581239876?text=")).toBe(true);
      const text = new URL(href).searchParams.get("text") ?? "";
      expect(text).toContain(`recibimos tu pedido ${order.trackingNumber}`);
      expect(text).toContain(`/seguimiento?numero=${order.trackingNumber}`);

      await row.getByRole("button", { name: `Acciones del pedido ${order.trackingNumber}` }).click();
      await page.getByRole("menuitem", { name: "Añadir novedad" }).click();
      const add = page.getByRole("dialog", { name: `Añadir novedad: ${order.trackingNumber}` });
      await add.getByRole("button", { name: "Añadir al historial" }).click();
      await expect(add.getByText("Escribe una nota o un lugar.")).toBeVisible();
      await add.getByLabel("Nota").fill("Salió de Miami");
      await add.getByLabel("Lugar").fill("Miami");
      await add.getByLabel("Cambiar estado").selectOption({ label: "Enviando" });
      expect(await axeViolations(page, { feature: true })).toEqual([]);
      await add.getByRole("button", { name: "Añadir al historial" }).click();
      await expect(add).toBeHidden();
      await expect(visitor.getByTestId("tracking-status")).toHaveText("Enviando");
      await expect(timeline.getByRole("listitem").nth(1)).toContainText("Salió de Miami");

      // The edit dialog: a note and a place without a status change, and the order's own expected days.
      await row.getByRole("button", { name: `Acciones del pedido ${order.trackingNumber}` }).click();
      await page.getByRole("menuitem", { name: "Editar Pedido" }).click();
      const edit = page.getByRole("dialog", { name: `Editar Pedido: ${order.trackingNumber}` });
      await expect(edit.getByRole("heading", { name: "Novedades del historial" })).toBeVisible();
      await edit.getByLabel("Nota para el historial").fill("En aduana");
      await edit.getByLabel("Lugar").fill("Peñas Blancas");
      await edit.getByLabel("Desde").fill("2026-12-03");
      await edit.getByLabel("Hasta").fill("2026-12-07");
      // Two notes, each saying who reads it: the customer's shows on the tracking page, the other never.
      await edit.getByLabel("Nota para el cliente (se ve en el seguimiento)").fill("Entregamos de 2 a 6.");
      await edit.getByLabel("Nota interna (solo el equipo)").fill("Paga al recoger.");
      expect(await axeViolations(page, { feature: true })).toEqual([]);
      await edit.getByRole("button", { name: "Guardar Cambios" }).click();
      await expect(edit).toBeHidden();
      await expect(visitor.getByRole("heading", { name: "Notas Adicionales" })).toBeVisible();
      await expect(visitor.getByText("Entregamos de 2 a 6.")).toBeVisible();
      await expect(visitor.getByText("Paga al recoger.")).toHaveCount(0);
      const last = timeline.getByRole("listitem").last();
      await expect(last).toContainText("Novedad");
      await expect(last).toContainText("En aduana");
      await expect(last).toContainText("Peñas Blancas");
      await expect(visitor.getByText(/^Entrega estimada: 3–7 de diciembre/)).toBeVisible();

      // A mistake is removed from the edit dialog, and from the customer's page.
      await row.getByRole("button", { name: `Acciones del pedido ${order.trackingNumber}` }).click();
      await page.getByRole("menuitem", { name: "Editar Pedido" }).click();
      await edit.getByRole("button", { name: "Eliminar novedad: En aduana · Peñas Blancas" }).click();
      await expect(page.getByText("Novedad Eliminada")).toBeVisible();
      await expect(timeline.getByText("En aduana")).toHaveCount(0);
    });

    test("the admin's tracking settings: transit days and showing everything without the check", async ({
      page,
      staffRequest,
      visitorPhone,
    }) => {
      const staff = await staffRequest("admin");
      const name = `Valentina Ajuste${Date.now() % 100000} Castillo`;
      const order = await createOrder(staff, { ...customerFields(name), destination: "GT" });
      const visitor = await visitorPhone();
      await gotoReady(visitor, `/seguimiento?numero=${order.trackingNumber}`);
      await expect(visitor.getByTestId("expected-delivery")).toHaveCount(0);

      await gotoReady(page, "/admin/orders");
      await page.getByRole("button", { name: "Ajustes de seguimiento" }).click();
      const dialog = page.getByRole("dialog", { name: "Ajustes de seguimiento" });
      await expect(dialog.getByLabel("Nicaragua: días mínimos")).toHaveValue("10");
      await dialog.getByLabel("Guatemala: días mínimos").fill("9");
      await dialog.getByLabel("Guatemala: días máximos").fill("3");
      await dialog.getByRole("button", { name: "Guardar Ajustes" }).click();
      await expect(dialog.getByText("El máximo no puede ser menor que el mínimo.")).toBeVisible();
      await dialog.getByLabel("Guatemala: días máximos").fill("12");
      await dialog.getByLabel("Mostrar dirección y teléfono sin verificación").check();
      expect(await axeViolations(page, { feature: true })).toEqual([]);
      await dialog.getByRole("button", { name: "Guardar Ajustes" }).click();
      await expect(page.getByText("Los ajustes de seguimiento se guardaron.")).toBeVisible();
      try {
        await visitor.reload();
        await expect(visitor.getByTestId("expected-delivery")).toBeVisible();
        await expect(visitor.getByText("Reparto Schick, casa 14, Managua")).toBeVisible();
      } finally {
        const res = await staff.post("/admin/orders", {
          form: { intent: "settings", "transit.NI.min": "10", "transit.NI.max": "14" },
        });
        expect(res.status()).toBe(200);
      }
    });
  });
});
