import type { Page } from "@playwright/test";
import { type LocalPushService, startLocalPushService } from "../../app/.server/push/testing";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

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

/** A visitor on a phone opens the widget on the landing page and writes `text`. */
async function visitorWrites(visitorPhone: () => Promise<Page>, text: string) {
  const v = await visitorPhone();
  await v.goto("/");
  await v.getByRole("button", { name: "Abrir chat" }).click();
  const panel = v.getByRole("dialog");
  await panel.getByLabel("Mensaje", { exact: true }).fill(text);
  await panel.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(panel.getByText(text)).toBeVisible();
  return panel;
}

test.describe("staff chat tools", () => {
  test.use({ signedInAs: "admin" });

  test("an admin saves a reply; typed with '/' it is inserted for the visitor and sent", async ({
    page,
    visitorPhone,
  }) => {
    // Two pages, two accessibility scans and a live round trip: room for a loaded machine.
    test.setTimeout(90_000);
    await page.goto("/admin/chat/respuestas");
    await expect(page.getByRole("heading", { name: "Respuestas guardadas", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Agregar respuesta" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog.getByText("Escribe un título.")).toBeVisible();
    await dialog.getByLabel("Título").fill("Horario de la tienda");
    await dialog.getByLabel("Texto").fill("Hola {nombre}, abrimos todos los días a las 9:00 AM.");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Respuesta agregada.")).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Mis respuestas" }).getByText("Horario de la tienda"),
    ).toBeVisible();
    await expectNoAxeViolations(page, "saved replies");

    await page.goto("/admin/chat");
    const panel = await visitorWrites(visitorPhone, "¿A qué hora abren mañana?");
    const list = page.getByRole("list", { name: "Conversaciones" });
    await list.getByRole("link", { name: /¿A qué hora abren mañana\?/ }).click();
    const box = page.getByRole("textbox", { name: "Respuesta", exact: true });
    // '/hora' alone would also match the team's starter 'Horario' (first by title).
    await box.fill("/horario de");
    const options = page.getByRole("listbox", { name: "Respuestas guardadas" });
    await expect(options.getByRole("option", { name: /Horario de la tienda/ })).toBeVisible();
    await expectNoAxeViolations(page, "inbox with the saved replies open");
    await box.press("Enter");
    await expect(options).toBeHidden();
    // An anonymous visitor ('Visitante 1042') has no name to greet: the sentence reads without it.
    await expect(box).toHaveValue("Hola, abrimos todos los días a las 9:00 AM.");
    await page.getByRole("button", { name: "Enviar", exact: true }).click();
    await expect(panel.getByText("abrimos todos los días a las 9:00 AM.")).toBeVisible();

    // The picker button offers the same replies.
    await page.getByRole("button", { name: "Insertar texto guardado" }).click();
    await page.getByRole("menuitem", { name: /Horario de la tienda/ }).click();
    await expect(box).toHaveValue("Hola, abrimos todos los días a las 9:00 AM.");
  });

  // The headless shell keeps the notification permission 'denied': these run in the full browser.
  test.describe("web push", { tag: "@full-browser" }, () => {
    let push: LocalPushService;
    test.beforeAll(async () => {
      push = await startLocalPushService();
    });
    test.afterAll(async () => {
      await push?.close();
    });

    test("staff opt in on this device and get a visitor's message as a real push; opting out stops them", async ({
      page,
      visitorPhone,
    }) => {
      // Chromium sends subscriptions to its own push service only: the browser's subscription comes
      // from the local push service instead (its endpoint and keys are real, and it decrypts).
      const { publicKey } = await (await page.request.get("/api/push/key")).json();
      const device = await push.subscribe(publicKey);
      await usePushSubscription(page, device);

      await page.goto("/admin/orders");
      await page.getByRole("button", { name: /^Cuenta:/ }).click();
      await page.getByRole("menuitem", { name: "Activar avisos en este dispositivo" }).click();
      await expect(page.getByText("Avisos activados en este dispositivo.")).toBeVisible();

      const text = "Necesito enviar dos cajas a Tegucigalpa la próxima semana, ¿tienen cupo?";
      await visitorWrites(visitorPhone, text);
      await expect
        .poll(async () => (await push.messages(device.clientHash)).at(-1), { timeout: 20_000 })
        .toMatchObject({
          body: `${text.slice(0, 50)}…`,
          url: expect.stringMatching(/^\/admin\/chat\?c=session_/),
        });

      await page.getByRole("button", { name: /^Cuenta:/ }).click();
      await page.getByRole("menuitem", { name: "Desactivar avisos en este dispositivo" }).click();
      await expect(page.getByText("Avisos desactivados en este dispositivo.")).toBeVisible();
      const count = (await push.messages(device.clientHash)).length;
      await visitorWrites(visitorPhone, "Otra pregunta más");
      // The staff inbox hears the message, the device does not.
      await page.goto("/admin/chat");
      await expect(
        page.getByRole("list", { name: "Conversaciones" }).getByText("Otra pregunta más"),
      ).toBeVisible();
      expect(await push.messages(device.clientHash)).toHaveLength(count);
    });

    test("a visitor follows an order from the tracking page and is told of its next status", async ({
      page,
      staffRequest,
      visitorPhone,
    }) => {
      const customer = `Cliente Push ${Date.now()}`;
      const staff = await staffRequest("admin");
      const res = await staff.post("/admin/orders", {
        form: { intent: "create", customerName: customer, orderDescription: "Caja con ropa" },
      });
      expect(res.status()).toBe(200);
      await page.goto("/admin/orders");
      const row = page.getByRole("row").filter({ hasText: customer });
      const tracking = ((await row.getByText(/^TRK-/).textContent()) ?? "").trim();

      const { publicKey } = await (await page.request.get("/api/push/key")).json();
      const device = await push.subscribe(publicKey);
      const visitor = await visitorPhone();
      await usePushSubscription(visitor, device);
      await visitor.goto(`/seguimiento?numero=${tracking}`);
      await visitor.getByRole("button", { name: "Avísame cuando cambie" }).click();
      await expect(visitor.getByText("Te avisaremos cuando cambie el estado de tu pedido.")).toBeVisible();
      await expect(visitor.getByRole("button", { name: "Dejar de avisarme" })).toBeVisible();
      await expectNoAxeViolations(visitor, "tracking result with notifications on");

      await page.getByRole("button", { name: `Acciones del pedido ${tracking}` }).click();
      await page.getByRole("menuitem", { name: "Cambiar a Enviando" }).click();
      await expect
        .poll(async () => push.messages(device.clientHash), { timeout: 20_000 })
        .toEqual([
          {
            title: `Pedido ${tracking}: Enviando`,
            body: "Tu pedido está listo y estamos asignando un repartidor.",
            url: `/seguimiento?numero=${tracking}`,
            tag: `order:${tracking}`,
          },
        ]);
      await visitor.getByRole("button", { name: "Dejar de avisarme" }).click();
      await expect(visitor.getByText("Ya no recibirás avisos de este pedido.")).toBeVisible();
    });
  });
});
