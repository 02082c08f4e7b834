import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// External stores /tienda-externa (docs/product.md §2.4).

test.describe("external store quotes", () => {
  test.beforeEach(async ({ page }) => {
    // WhatsApp is outside the test network: answer its deep links locally.
    await page.context().route("https://wa.me/**", (route) => route.fulfill({ body: "WhatsApp" }));
  });

  test("each store tab shows the three numbered steps", async ({ page }) => {
    await gotoReady(page, "/tienda-externa");
    await expect(page.getByRole("heading", { level: 1, name: "Tiendas Externas" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Tiendas" });
    for (const store of ["Amazon", "SHEIN"]) {
      // A tab is a link (?tienda=…): it works before the page's scripts run.
      await tabs.getByRole("link", { name: store }).click();
      await expect(tabs.getByRole("link", { name: store })).toHaveAttribute("aria-current", "page");
      const panel = page.getByRole("region", { name: store });
      await expect(panel.getByRole("listitem")).toHaveCount(3);
      await expect(panel.getByRole("heading", { name: "Paso 1: Visita" })).toContainText(store);
      await expect(panel.getByRole("heading", { name: /Paso 3: Pega el enlace/ })).toBeVisible();
      await expect(panel.getByLabel(`Enlace del producto en ${store}`)).toHaveAttribute("type", "url");
      await expect(panel.getByLabel(`Enlace del producto en ${store}`)).toHaveAttribute("required", "");
    }
  });

  test("an empty link is refused with the spec's message", async ({ page }) => {
    await gotoReady(page, "/tienda-externa");
    await page.getByLabel("Enlace del producto en Amazon").fill("   ");
    await page.getByRole("button", { name: "Solicitar Cotización" }).click();
    await expect(page.getByText("Enlace Vacío")).toBeVisible();
    await expect(page.getByText("Por favor, pega el enlace del producto que deseas cotizar.")).toBeVisible();
    // The field says so too, and stops saying it once a link is typed.
    const field = page.getByLabel("Enlace del producto en Amazon");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Pega aquí el enlace del producto.")).toBeVisible();
    await field.fill("https://a.co/d/x");
    await expect(page.getByText("Pega aquí el enlace del producto.")).toBeHidden();
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("the dialog shows the link, copies it, and cancel closes it", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await gotoReady(page, "/tienda-externa");
    const link = "https://www.amazon.com/dp/B0TEST1234";
    await page.getByLabel("Enlace del producto en Amazon").fill(`Mira esto ${link}`);
    await page.getByRole("button", { name: "Solicitar Cotización" }).click();
    const dialog = page.getByRole("dialog", { name: "¡Casi listo!" });
    await expect(dialog).toContainText(link);
    await dialog.getByRole("button", { name: "Copiar enlace" }).click();
    await expect(page.getByText("Enlace copiado al portapapeles.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // The check mark shows for 2 s, then the copy icon returns.
    await expect(dialog.getByRole("button", { name: "Enlace copiado" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Copiar enlace" })).toBeVisible({ timeout: 4000 });
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
    // Cancelling keeps the link so it can be corrected.
    await expect(page.getByLabel("Enlace del producto en Amazon")).toHaveValue(`Mira esto ${link}`);
  });

  test("a failed copy says so", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new Error("denegado")) },
      });
      document.execCommand = () => false;
    });
    await gotoReady(page, "/tienda-externa");
    await page.getByLabel("Enlace del producto en Amazon").fill("https://a.co/d/x");
    await page.getByRole("button", { name: "Solicitar Cotización" }).click();
    await page.getByRole("button", { name: "Copiar enlace" }).click();
    await expect(page.getByText("Error al copiar")).toBeVisible();
    await expect(page.getByText("No se pudo copiar el enlace.")).toBeVisible();
  });

  test("sending opens WhatsApp with the store name and the link, and closes the dialog", async ({ page }) => {
    await gotoReady(page, "/tienda-externa");
    await page.getByRole("navigation", { name: "Tiendas" }).getByRole("link", { name: "SHEIN" }).click();
    const link = "https://us.shein.com/vestido-p-123.html";
    await page.getByLabel("Enlace del producto en SHEIN").fill(link);
    await page.getByRole("button", { name: "Solicitar Cotización" }).click();
    const dialog = page.getByRole("dialog", { name: "¡Casi listo!" });
    const popupPromise = page.waitForEvent("popup");
    await dialog.getByRole("link", { name: /Enviar por WhatsApp/ }).click();
    const popup = await popupPromise;
    const url = new URL(popup.url());
    expect(url.origin).toBe("https://wa.me");
    expect(url.pathname).toBe("/13055550100");
    expect(url.searchParams.get("text")).toBe(`Hola, quiero cotizar este producto de SHEIN: ${link}`);
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel("Enlace del producto en SHEIN")).toHaveValue("");
  });

  test("Escape also closes the dialog", async ({ page }) => {
    await gotoReady(page, "/tienda-externa");
    await page.getByLabel("Enlace del producto en Amazon").fill("https://a.co/d/x");
    await page.getByLabel("Enlace del producto en Amazon").press("Enter");
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});
