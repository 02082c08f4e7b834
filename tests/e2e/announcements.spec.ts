import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { everyAgentOffline, expect, test, testHook } from "./fixtures";
import { gotoReady } from "./public-helpers";

// 'Avisos y horarios' (/admin/avisos): the owner's announcement bar and special dates reach every
// public page. Both show on every page of the worker's server: each test deletes them afterwards.
// Their end by the clock is tested with a fixed clock in app/lib/schedule.test.ts and
// app/.server/http/page-cache.test.ts (the server decides, not the browser's clock).

async function openScreen(page: Page) {
  await gotoReady(page, "/admin/avisos");
  await expect(page.getByRole("heading", { level: 1, name: "Avisos y horarios" })).toBeVisible();
}

test.describe("announcements and special hours", () => {
  test.use({ signedInAs: "admin" });
  // Several visitors' windows besides the owner's, on a machine that runs other workers too.
  test.describe.configure({ timeout: 120_000 });
  test.afterEach(async ({ request }) => {
    await testHook(request, "schedule-reset");
  });

  test("an announcement from now until tomorrow shows on every page until the visitor closes it", async ({
    page,
    visitorPhone,
    browser,
  }) => {
    await openScreen(page);
    const message = `Este sábado cerramos a las 2:00 PM (${Date.now()})`;
    const form = page.getByRole("form", { name: "Nuevo aviso" });
    // 'Desde' is now and 'Hasta' this time tomorrow unless changed.
    await expect(form.getByLabel("Desde")).not.toHaveValue("");
    await form.getByLabel("Mensaje").fill(message);
    await form.getByLabel("Enlace (opcional)").fill("/contact");
    await form.getByRole("button", { name: "Guardar aviso" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Aviso guardado." })).toBeVisible();
    const item = page.getByRole("listitem").filter({ hasText: message });
    await expect(item.getByText("Se muestra ahora")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const visitor = await visitorPhone();
    for (const path of ["/", "/tienda", "/seguimiento"]) {
      await gotoReady(visitor, path);
      const bar = visitor.getByRole("region", { name: "Aviso" });
      await expect(bar.getByRole("link", { name: message }), path).toHaveAttribute("href", "/contact");
      // The bar comes before the header and fits the screen.
      const width = await visitor.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(390);
    }
    await visitor.getByRole("button", { name: "Cerrar aviso" }).click();
    await expect(visitor.getByRole("region", { name: "Aviso" })).toBeHidden();
    for (const path of ["/", "/tienda"]) {
      await gotoReady(visitor, path);
      await expect(visitor.getByText(message)).toBeHidden();
    }

    // Without scripts the close button is a form: the server remembers it the same way.
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: undefined });
    const plain = await context.newPage();
    await plain.goto("/tienda");
    await expect(plain.getByText(message)).toBeVisible();
    await plain.getByRole("button", { name: "Cerrar aviso" }).click();
    await expect(plain).toHaveURL(/\/tienda$/);
    await expect(plain.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(plain.getByText(message)).toBeHidden();
    await context.close();

    // Hidden by the owner: gone for everyone.
    await item.getByRole("button", { name: /^Ocultar/ }).click();
    await expect(item.getByText("Oculto")).toBeVisible();
    const other = await visitorPhone();
    await gotoReady(other, "/");
    await expect(other.getByText(message)).toBeHidden();
  });

  test("a special date 'Cerrado' today: footer, Contacto and the chat say the shop is closed today", async ({
    page,
    visitorPhone,
    staffRequest,
  }) => {
    await openScreen(page);
    const form = page.getByRole("form", { name: "Nueva fecha especial" });
    await expect(form.getByRole("radio", { name: "Cerrado" })).toBeChecked();
    // The hours only show for 'Otro horario'.
    await expect(form.getByLabel("Abre")).toBeHidden();
    await form.getByRole("radio", { name: "Otro horario" }).check();
    await expect(form.getByLabel("Abre")).toBeVisible();
    await form.getByLabel("Motivo").fill("Inventario anual");
    await form.getByRole("button", { name: "Guardar fecha" }).click();
    await expect(form.getByText("Indica a qué hora abre.")).toBeVisible();
    await form.getByRole("radio", { name: "Cerrado" }).check();
    await form.getByRole("button", { name: "Guardar fecha" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Fecha especial guardada." })).toBeVisible();
    const item = page.getByRole("listitem").filter({ hasText: "Inventario anual" });
    await expect(item.getByText("Hoy", { exact: true })).toBeVisible();

    // The same days again are refused by the field.
    await form.getByLabel("Motivo").fill("Otra cosa");
    await form.getByRole("button", { name: "Guardar fecha" }).click();
    await expect(
      form.getByText(/^Se cruza con otra fecha especial: .+ \(Inventario anual\)\.$/),
    ).toBeVisible();

    await everyAgentOffline(staffRequest);
    const visitor = await visitorPhone();
    await gotoReady(visitor, "/contact");
    await expect(visitor.getByRole("contentinfo").getByText("Hoy: Cerrado (Inventario anual)")).toBeVisible();
    await expect(visitor.getByRole("main").getByText("Hoy: Cerrado (Inventario anual)")).toBeVisible();
    // Search engines read it too.
    const jsonLd = await visitor.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(jsonLd ?? "{}").specialOpeningHoursSpecification).toEqual([
      expect.objectContaining({ opens: "00:00", closes: "00:00", description: "Inventario anual" }),
    ]);

    await visitor.getByRole("button", { name: "Abrir chat" }).click();
    const panel = visitor.getByRole("dialog");
    await expect(
      panel.getByText(/^Hoy estamos cerrados \(Inventario anual\)\. Abrimos .+ a las? /),
    ).toBeVisible();
  });
});
