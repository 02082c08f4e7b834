import type { Browser } from "@playwright/test";
import { expect, login, test, testHook } from "./fixtures";

/** A phone-sized visitor page, separate from the staff member's browser context. */
async function visitorPhone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return { context, page: await context.newPage() };
}

test.describe("orders and live tracking", () => {
  test("staff create an order; the visitor's tracking page follows its changes live", async ({
    page,
    browser,
    server,
  }) => {
    const customer = `Cliente E2E ${Date.now()}`;
    await login(page, "operador");
    await page.goto("/admin/orders");
    await page.getByRole("button", { name: "Crear Nuevo Pedido" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo Pedido" });
    await dialog.getByLabel("Cliente").fill(customer);
    await dialog.getByLabel("Teléfono").fill("+505 8888 7777");
    await dialog.getByLabel("Dirección").fill("Barrio Martha Quezada, Managua");
    await dialog.getByLabel("Descripción").fill("Caja 22x22x22 con ropa");
    await expect(dialog.getByLabel("Total")).toHaveAttribute("placeholder", "Ej: C$150 o $5.00");
    await dialog.getByLabel("Total").fill("$260.00");
    await dialog.getByRole("button", { name: "Crear Pedido" }).click();
    await expect(page.getByText("Pedido Creado")).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page
      .getByRole("row")
      .filter({ hasText: customer })
      .or(page.getByRole("listitem").filter({ hasText: customer }));
    await expect(row.first()).toBeVisible();
    const tracking = (await row
      .first()
      .getByText(/^TRK-\d{4}-[A-Z0-9]{6}$/)
      .textContent())!.trim();

    // A courier to assign.
    const courier = `Repartidor ${Date.now() % 100000}`;
    await page.getByRole("button", { name: "Agregar Repartidor" }).click();
    const cd = page.getByRole("dialog", { name: "Nuevo Repartidor" });
    await cd.getByLabel("Nombre").fill(courier);
    await cd.getByLabel("Teléfono").fill("+505 7777 1111");
    await cd.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Repartidor Agregado")).toBeVisible();

    // The visitor opens the tracking link on a phone: server-rendered result.
    const visitor = await visitorPhone(browser, server.baseURL);
    await visitor.page.goto(`/seguimiento?numero=${tracking}`);
    await expect(visitor.page.getByRole("heading", { name: tracking })).toBeVisible();
    await expect(visitor.page.getByTestId("tracking-status")).toHaveText("En el local");
    await expect(visitor.page.getByText("Caja 22x22x22 con ropa")).toBeVisible();
    await expect(visitor.page.getByRole("heading", { name: "Repartidor" })).toHaveCount(0);

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
    const v = visitor.page;
    await expect(v.getByTestId("tracking-status")).toHaveText("En reparto", { timeout: 2000 });
    await expect(v.getByText("Actualización de Pedido")).toBeVisible({ timeout: 2000 });
    await expect(v.getByText(courier)).toBeVisible();
    await expect(v.getByText("30 minutos")).toBeVisible();
    const timeline = v.getByRole("list").filter({ hasText: "En el local" });
    await expect(timeline.getByRole("listitem")).toHaveCount(2);
    await expect(timeline.getByRole("listitem").nth(1)).toContainText("En reparto");
    await expect(timeline.getByRole("listitem").nth(1)).toContainText("Tu pedido va en camino.");
    await visitor.context.close();
  });

  test("the staff list follows changes made elsewhere, and filters by status and text", async ({
    page,
    browser,
  }) => {
    await login(page, "admin");
    await page.goto("/admin/orders");
    const demo = page
      .getByText(/^TRK-\d{4}-[A-Z0-9]{6}$/)
      .locator("visible=true")
      .first();
    await expect(demo).toBeVisible();

    // A second staff member creates an order: the first list shows it without a reload.
    const other = await browser.newContext({ baseURL: page.url().replace(/\/admin\/orders$/, "") });
    const otherPage = await other.newPage();
    await login(otherPage, "operador");
    await otherPage.goto("/admin/orders");
    const name = `En vivo ${Date.now()}`;
    await otherPage.getByRole("button", { name: "Crear Nuevo Pedido" }).click();
    await otherPage.getByLabel("Cliente").fill(name);
    await otherPage.getByLabel("Descripción").fill("Pedido de prueba");
    await otherPage.getByRole("button", { name: "Crear Pedido" }).click();
    await expect(otherPage.getByText("Pedido Creado")).toBeVisible();
    await expect(page.getByText(name).locator("visible=true")).toBeVisible({ timeout: 3000 });
    await other.close();

    await page.getByLabel("Buscar pedidos").fill(name);
    await expect(page).toHaveURL(/q=En\+vivo/);
    await expect(page.getByText(name).locator("visible=true")).toBeVisible();
    await page.getByLabel("Filtrar por estado").selectOption({ label: "Entregado" });
    await expect(page.getByText("No se encontraron pedidos.")).toBeVisible();
  });

  test("creating without a customer or description is refused with the spec's message", async ({ page }) => {
    await login(page, "operador");
    await page.goto("/admin/orders");
    await page.getByRole("button", { name: "Crear Nuevo Pedido" }).click();
    await page.getByLabel("Cliente").fill("Solo nombre");
    await page.getByRole("button", { name: "Crear Pedido" }).click();
    await expect(page.getByText("Campos Requeridos")).toBeVisible();
    await expect(page.getByText("Nombre del cliente y descripción son obligatorios.")).toBeVisible();
    await expect(page.getByLabel("Cliente")).toHaveValue("Solo nombre");
  });

  test("the tracking page validates, reports not found, and starts empty", async ({ page }) => {
    await page.goto("/seguimiento");
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
      await expect(page.getByRole("alert")).toHaveText(
        "Ocurrió un error al buscar tu pedido. Inténtalo de nuevo.",
      );
      await expect(page.getByText("No se pudo conectar con el servidor de seguimiento.")).toBeVisible();
    } finally {
      await testHook(page.request, "faults", { db: false });
    }
  });

  test("staff copy an order's tracking link", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await login(page, "admin");
    await page.goto("/admin/orders");
    const tracking = (await page
      .getByText(/^TRK-\d{4}-[A-Z0-9]{6}$/)
      .locator("visible=true")
      .first()
      .textContent())!.trim();
    await page
      .getByRole("button", { name: `Acciones del pedido ${tracking}` })
      .locator("visible=true")
      .click();
    await expect(page.getByRole("menuitem", { name: "Enviar por WhatsApp" })).toHaveAttribute(
      "href",
      new RegExp(`seguimiento%3Fnumero%3D${tracking}`),
    );
    await page.getByRole("menuitem", { name: "Copiar enlace de seguimiento" }).click();
    await expect(page.getByText("Enlace copiado al portapapeles.")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`/seguimiento\\?numero=${tracking}$`));
  });

  test("look-ups from one address are limited", async ({ browser, server }) => {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.23" },
    });
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await context.request.get(
        `/seguimiento?numero=TRK-2020-LIMIT${String(i).padStart(2, "0")}`,
      );
      last = res.status();
    }
    expect(last).toBe(429);
    const page = await context.newPage();
    await page.goto("/seguimiento?numero=TRK-2020-LIMITX");
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
