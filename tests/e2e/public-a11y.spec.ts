import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// axe-core on every public page this suite owns, at the phone and desktop widths (both
// Playwright projects run this file), plus the dialogs in their open state.

const PAGES = ["/", "/tienda-externa", "/personal-shop", "/nosotros", "/servicios", "/contact"];

test.describe("accessibility", () => {
  for (const path of PAGES) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await gotoReady(page, path);
      await expectNoAxeViolations(page, path);
    });
  }

  test("the open quote dialog and the open lightbox have no axe violations", async ({ page }) => {
    await gotoReady(page, "/tienda-externa");
    await page.getByLabel("Enlace del producto en Amazon").fill("https://a.co/d/x");
    await page.getByRole("button", { name: "Solicitar Cotización" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page, "quote dialog");

    await gotoReady(page, "/nosotros");
    await page.getByRole("button", { name: /^Ampliar foto 1 de/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page, "lightbox");
  });

  test("the calculator's result and the contact form's errors have no axe violations", async ({ page }) => {
    await gotoReady(page, "/servicios");
    await page.getByRole("button", { name: "Calcular caja" }).click();
    await expect(page.locator("#calc-resultado")).toContainText("mayores que 0");
    await expectNoAxeViolations(page, "calculator error");
    await gotoReady(page, "/contact");
    await page.getByRole("button", { name: "Enviar Mensaje" }).click();
    await expect(page.getByText("Campos incompletos")).toBeVisible();
    await expectNoAxeViolations(page, "contact errors");
  });
});
