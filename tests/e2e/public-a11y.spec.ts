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

  test("the open menus and the contact form's answers have no axe violations", async ({ page, isMobile }) => {
    await gotoReady(page, "/");
    if (isMobile) {
      await page.getByRole("button", { name: "Abrir menú" }).click();
      await expect(page.getByRole("dialog", { name: "Mini Market Latino" })).toBeVisible();
      await expectNoAxeViolations(page, "open phone menu");
    } else {
      await page.getByRole("banner").getByRole("button", { name: "Tienda" }).click();
      await expect(page.getByRole("banner").getByRole("link", { name: /Personal Shop/ })).toBeVisible();
      await expectNoAxeViolations(page, "open 'Tienda' submenu");
    }
    // The answers a post made without scripts gets: refused (fields marked), then received.
    await page.goto("/contact");
    await page.evaluate(() => {
      const form = document.getElementById("contacto") as HTMLFormElement;
      (form.elements.namedItem("firstName") as HTMLInputElement).value = "Ana";
      HTMLFormElement.prototype.submit.call(form);
    });
    await expect(page.getByRole("alert").getByText("Campos incompletos")).toBeVisible();
    await expectNoAxeViolations(page, "contact refused without scripts");
    await page.evaluate(() => {
      const form = document.getElementById("contacto") as HTMLFormElement;
      const set = (name: string, value: string) => {
        (form.elements.namedItem(name) as HTMLInputElement).value = value;
      };
      set("lastName", "Martínez");
      set("email", "ana.a11y@example.com");
      set("message", "Hola");
      HTMLFormElement.prototype.submit.call(form);
    });
    await expect(page.getByRole("heading", { name: "Mensaje recibido" })).toBeVisible();
    await expectNoAxeViolations(page, "contact received without scripts");
  });
});
