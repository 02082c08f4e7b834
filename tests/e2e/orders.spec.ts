import type { Page } from "@playwright/test";
import { defined } from "../../app/test/defined";
import { expect, test, testHook } from "./fixtures";
import { gotoReady } from "./public-helpers";

const TRACKING_NUMBER = /^TRK-\d{4}-[A-Z0-9]{6}$/;

/** The customer's order in the staff list: a table row, or a card on phones. */
const orderRow = (page: Page, customer: string) =>
  page
    .getByRole("row")
    .filter({ hasText: customer })
    .or(page.getByRole("listitem").filter({ hasText: customer }))
    .first();

/** The tracking number of the first order the staff list shows (table or cards, whichever is visible). */
const firstTrackingShown = async (page: Page) =>
  ((await page.getByText(TRACKING_NUMBER).locator("visible=true").first().textContent()) ?? "").trim();

test.describe("orders and live tracking", () => {
  test.describe(() => {
    test.use({ signedInAs: "operador" });

    test("staff create an order and a courier from the orders page", async ({ page }) => {
      const customer = `Cliente E2E ${Date.now()}`;
      await page.goto("/admin/orders");
      await page.getByRole("button", { name: "Crear Nuevo Pedido" }).click();
      const dialog = page.getByRole("dialog", { name: "Nuevo Pedido" });
      await dialog.getByLabel("Cliente").fill(customer);
      await dialog.getByLabel("Teléfono", { exact: true }).fill("+505 8888 7777");
      await dialog.getByLabel("Dirección").fill("Barrio Martha Quezada, Managua");
      await dialog.getByLabel("Descripción").fill("Caja 22x22x22 con ropa");
      await expect(dialog.getByLabel("Total")).toHaveAttribute("placeholder", "Ej: C$150 o $5.00");
      await dialog.getByLabel("Total").fill("$260.00");
      // The parcel as the counter takes it: who sends it, the box and what it holds (issue 39).
      await expect(dialog.getByLabel("Destino")).toHaveValue("");
      await dialog.getByLabel("Nombre del remitente").fill("Carmen Díaz");
      await dialog.getByLabel("Teléfono del remitente").fill("305 555 0142");
      await dialog.getByLabel("Correo del remitente").fill("carmen@example.com");
      await dialog.getByLabel("Caja", { exact: true }).selectOption({ label: "Otro (se pesa en libras)" });
      await dialog.getByLabel("Contenido declarado (para la aduana)").fill("Ropa usada, 40\nZapatos");
      await dialog.getByRole("button", { name: "Crear Pedido" }).click();
      // Each field says what it lacks, and nothing typed is lost.
      await expect(dialog.getByText("Escribe el peso de la caja en libras.")).toBeVisible();
      await expect(
        dialog.getByText("Línea 2: escribe el artículo y su valor en dólares (ej: Ropa usada, 40)."),
      ).toBeVisible();
      await expect(dialog.getByLabel("Nombre del remitente")).toHaveValue("Carmen Díaz");
      await dialog.getByLabel("Peso en libras (solo para 'Otro')").fill("12,5");
      await dialog.getByLabel("Contenido declarado (para la aduana)").fill("Ropa usada, 40\nZapatos, 35.50");
      await dialog.getByRole("button", { name: "Crear Pedido" }).click();
      await expect(page.getByText("Pedido Creado")).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(orderRow(page, customer).getByText(TRACKING_NUMBER)).toBeVisible();

      // Edited again, the dialog shows what was kept; the +505 number set the destination.
      await orderRow(page, customer)
        .getByRole("button", { name: /^Acciones del pedido/ })
        .click();
      await page.getByRole("menuitem", { name: "Editar Pedido" }).click();
      const edit = page.getByRole("dialog", { name: /^Editar Pedido/ });
      await expect(edit.getByLabel("Destino")).toHaveValue("NI");
      await expect(edit.getByLabel("Teléfono del remitente")).toHaveValue("(305) 555-0142");
      await expect(edit.getByLabel("Caja", { exact: true })).toHaveValue("otro");
      await expect(edit.getByLabel("Peso en libras (solo para 'Otro')")).toHaveValue("12,5");
      await expect(edit.getByLabel("Contenido declarado (para la aduana)")).toHaveValue(
        "Ropa usada, 40\nZapatos, 35.50",
      );
      await edit.getByRole("button", { name: "Cancelar" }).click();

      const courier = `Repartidor ${Date.now() % 100000}`;
      await page.getByRole("button", { name: "Agregar Repartidor" }).click();
      const cd = page.getByRole("dialog", { name: "Nuevo Repartidor" });
      await cd.getByLabel("Nombre").fill(courier);
      await cd.getByLabel("Teléfono").fill("+505 7777 1111");
      await cd.getByRole("button", { name: "Guardar" }).click();
      await expect(page.getByText("Repartidor Agregado")).toBeVisible();
    });

    test("the visitor's tracking page follows the staff's changes to an order live", async ({
      page,
      staffRequest,
      visitorPhone,
    }) => {
      // An order and a courier to assign, posted as the orders page's forms post them.
      const customer = `Cliente E2E ${Date.now()}`;
      const courier = `Repartidor ${Date.now() % 100000}`;
      const staff = await staffRequest("operador");
      const forms: Record<string, string>[] = [
        {
          intent: "create",
          customerName: customer,
          customerPhone: "+505 8888 7777",
          customerAddress: "Barrio Martha Quezada, Managua",
          orderDescription: "Caja 22x22x22 con ropa",
          orderTotal: "$260.00",
        },
        { intent: "courier-create", name: courier, phone: "+505 7777 1111" },
      ];
      for (const form of forms) {
        const res = await staff.post("/admin/orders", { form });
        expect(res.status(), form.intent).toBe(200);
      }
      await page.goto("/admin/orders");
      const trackingNumber = orderRow(page, customer).getByText(TRACKING_NUMBER);
      await expect(trackingNumber).toBeVisible();
      const tracking = defined(await trackingNumber.textContent(), "tracking number").trim();

      // The visitor opens the tracking link on a phone: server-rendered result.
      const v = await visitorPhone();
      await v.goto(`/seguimiento?numero=${tracking}`);
      await expect(v.getByRole("heading", { name: tracking })).toBeVisible();
      await expect(v.getByTestId("tracking-status")).toHaveText("En el local");
      await expect(v.getByText("Caja 22x22x22 con ropa")).toBeVisible();
      await expect(v.getByRole("heading", { name: "Repartidor" })).toHaveCount(0);

      // Staff move it to en_reparto with the courier.
      await page.getByRole("button", { name: `Acciones del pedido ${tracking}` }).click();
      await page.getByRole("menuitem", { name: "Editar Pedido" }).click();
      const edit = page.getByRole("dialog", { name: `Editar Pedido: ${tracking}` });
      await edit.getByLabel("Estado").selectOption({ label: "En reparto" });
      await edit.getByLabel("Repartidor").selectOption({ label: courier });
      await edit.getByLabel("Tiempo Est.").fill("30 minutos");
      await edit.getByRole("button", { name: "Guardar Cambios" }).click();
      await expect(page.getByText("Pedido Actualizado")).toBeVisible();

      // Within two seconds the visitor sees it, without a reload.
      await expect(v.getByTestId("tracking-status")).toHaveText("En reparto", { timeout: 2000 });
      await expect(v.getByText("Actualización de Pedido")).toBeVisible({ timeout: 2000 });
      await expect(v.getByText(courier)).toBeVisible();
      await expect(v.getByText("30 minutos")).toBeVisible();
      const timeline = v.getByRole("list", { name: "Historial del Pedido" });
      await expect(timeline.getByRole("listitem")).toHaveCount(2);
      await expect(timeline.getByRole("listitem").nth(1)).toContainText("En reparto");
      // A +505 number sent it to Nicaragua: the step says where the parcel is, not the spec's
      // words for a delivery in Miami.
      await expect(timeline.getByRole("listitem").nth(1)).toContainText(
        "Tu paquete está en Nicaragua y va camino a la dirección de entrega.",
      );
    });

    test("a long list comes a page at a time, with its total and links between pages", async ({
      page,
      staffRequest,
    }) => {
      const prefix = `Página E2E ${Date.now()}`;
      const staff = await staffRequest("operador");
      for (let i = 1; i <= 52; i++) {
        const form = { intent: "create", customerName: `${prefix} n${i}`, orderDescription: "Caja" };
        expect((await staff.post("/admin/orders", { form })).status()).toBe(200);
      }
      await page.goto(`/admin/orders?q=${encodeURIComponent(prefix)}`);
      await expect(page.getByText("52 pedidos")).toBeVisible();
      const shown = (n: number) => page.getByText(`${prefix} n${n}`, { exact: true }).locator("visible=true");
      // Newest first: the last two created are on the first page, the first two on the next.
      await expect(shown(52)).toBeVisible();
      await expect(shown(2)).toHaveCount(0);
      const pages = page.getByRole("navigation", { name: "Páginas de pedidos" });
      await pages.getByRole("link", { name: "Más antiguos" }).click();
      await expect(shown(1)).toBeVisible();
      // The next page starts at its top, not where the links were.
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(shown(2)).toBeVisible();
      await expect(shown(52)).toHaveCount(0);
      await expect(pages.getByRole("link", { name: "Más antiguos" })).toHaveCount(0);
      await pages.getByRole("link", { name: "Más recientes" }).click();
      await expect(shown(52)).toBeVisible();
      await expect(pages.getByRole("link", { name: "Más recientes" })).toHaveCount(0);
    });

    test("creating without a customer or description is refused with the spec's message", async ({
      page,
    }) => {
      await page.goto("/admin/orders");
      await page.getByRole("button", { name: "Crear Nuevo Pedido" }).click();
      await page.getByLabel("Cliente").fill("Solo nombre");
      await page.getByRole("button", { name: "Crear Pedido" }).click();
      await expect(page.getByText("Campos Requeridos")).toBeVisible();
      await expect(page.getByText("Nombre del cliente y descripción son obligatorios.")).toBeVisible();
      await expect(page.getByLabel("Cliente")).toHaveValue("Solo nombre");
    });
  });

  test.describe(() => {
    test.use({ signedInAs: "admin" });

    test("the staff list follows changes made elsewhere, and filters by status and text", async ({
      page,
      staffPage,
    }) => {
      await page.goto("/admin/orders");
      const demo = page.getByText(TRACKING_NUMBER).locator("visible=true").first();
      await expect(demo).toBeVisible();

      // A second staff member creates an order: the first list shows it without a reload.
      const otherPage = await staffPage("operador");
      await otherPage.goto("/admin/orders");
      const name = `En vivo ${Date.now()}`;
      await otherPage.getByRole("button", { name: "Crear Nuevo Pedido" }).click();
      await otherPage.getByLabel("Cliente").fill(name);
      await otherPage.getByLabel("Descripción").fill("Pedido de prueba");
      await otherPage.getByRole("button", { name: "Crear Pedido" }).click();
      await expect(otherPage.getByText("Pedido Creado")).toBeVisible();
      await expect(page.getByText(name).locator("visible=true")).toBeVisible({ timeout: 3000 });
      await otherPage.close();

      await page.getByLabel("Buscar pedidos").fill(name);
      await expect(page).toHaveURL(/q=En\+vivo/);
      await expect(page.getByText(name).locator("visible=true")).toBeVisible();
      await page.getByLabel("Filtrar por estado").selectOption({ label: "Entregado" });
      await expect(page.getByText("No se encontraron pedidos.")).toBeVisible();
    });

    test("a row's menu opens from the keyboard and gives the focus back when it closes", async ({ page }) => {
      await page.goto("/admin/orders");
      const tracking = await firstTrackingShown(page);
      const button = page
        .getByRole("button", { name: `Acciones del pedido ${tracking}` })
        .locator("visible=true");
      await button.focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu");
      await expect(menu.getByRole("menuitem", { name: "Editar Pedido" })).toBeVisible();
      await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("menuitem", { name: "Editar Pedido" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
      // And again: the second time it is the menu's own trigger.
      await page.keyboard.press("Enter");
      await expect(page.getByRole("menu").getByRole("menuitem", { name: "Editar Pedido" })).toBeVisible();
    });

    test("staff copy an order's tracking link", async ({ page, context }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.goto("/admin/orders");
      const tracking = await firstTrackingShown(page);
      await page
        .getByRole("button", { name: `Acciones del pedido ${tracking}` })
        .locator("visible=true")
        .click();
      await expect(page.getByRole("menuitem", { name: "Avisar por WhatsApp" })).toHaveAttribute(
        "href",
        new RegExp(`seguimiento%3Fnumero%3D${tracking}`),
      );
      await page.getByRole("menuitem", { name: "Copiar enlace de seguimiento" }).click();
      await expect(page.getByText("Enlace copiado al portapapeles.")).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toMatch(new RegExp(`/seguimiento\\?numero=${tracking}$`));
    });
  });

  test("the tracking page validates, reports not found, and starts empty", async ({ page }) => {
    // The checks as you type are the hydrated form's.
    await gotoReady(page, "/seguimiento");
    await expect(page.getByText("Esperando tu número de tracking")).toBeVisible();
    const input = page.getByLabel("Número de tracking");
    await expect(input).toHaveAttribute("placeholder", "TRK-2024-ABC123");
    await page.getByRole("button", { name: "Consultar" }).click();
    await expect(page.getByRole("alert")).toHaveText("Por favor, ingresa un número de tracking.");
    await input.fill("trk-20-abc");
    await expect(input).toHaveValue("TRK-20-ABC");
    await page.getByRole("button", { name: "Consultar" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Formato de número de tracking inválido. Debe ser TRK-AAAA-XXXXXX.",
    );
    await input.fill("  trk-2020-zzzzzz ");
    await page.getByRole("button", { name: "Consultar" }).click();
    await expect(page).toHaveURL("/seguimiento?numero=TRK-2020-ZZZZZZ");
    await expect(page.getByRole("alert")).toHaveText("Pedido no encontrado. Verifica el número de tracking.");
    await expect(page.getByText("No Encontrado", { exact: true })).toBeVisible();
  });

  test("a failed look-up shows the inline message and the toast", async ({ page }) => {
    await testHook(page.request, "faults", { db: true });
    try {
      await page.goto("/seguimiento?numero=TRK-2020-ABCDEF");
      // The spec's words, then the reference a person can quote (the details are in the log).
      await expect(page.getByRole("alert")).toHaveText(
        /^Ocurrió un error al buscar tu pedido\. Inténtalo de nuevo\. \(Referencia: [0-9a-f]{8}\)$/,
      );
      await expect(page.getByText("No se pudo conectar con el servidor de seguimiento.")).toBeVisible();
    } finally {
      await testHook(page.request, "faults", { db: false });
    }
  });

  test("look-ups from one address are limited", async ({ browser, server }) => {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.23" },
    });
    const page = await context.newPage();
    /** 31 look-ups, then a visit: returns the last look-up's status. */
    const lookUps = async () => {
      let last = 0;
      for (let i = 0; i < 31; i++) {
        const res = await context.request.get(
          `/seguimiento?numero=TRK-2020-LIMIT${String(i).padStart(2, "0")}`,
        );
        last = res.status();
      }
      await page.goto("/seguimiento?numero=TRK-2020-LIMITX");
      return last;
    };
    // The server counts look-ups per clock minute (a fixed window; its clock is this machine's). Look-ups
    // that crossed into the next minute were split between two windows: then they are made again, all
    // within the new minute.
    const minute = () => Math.floor(Date.now() / 60_000);
    const start = minute();
    let last = await lookUps();
    if (minute() !== start) last = await lookUps();
    expect(last).toBe(429);
    await expect(page.getByRole("alert")).toContainText("Demasiadas consultas seguidas.");
    await context.close();
  });

  test("visitors cannot list or change orders", async ({ request }) => {
    const res = await request.post("/admin/orders", {
      form: { intent: "delete", id: "00000000-0000-0000-0000-000000000000" },
    });
    expect(res.status()).toBe(401);
    const list = await request.get("/admin/orders", { maxRedirects: 0 });
    expect(list.status()).toBe(302);
    expect(list.headers().location).toContain("/admin-login");
  });
});
