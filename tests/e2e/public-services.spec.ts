import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// Services /servicios (docs/product.md §2.7, §5 'Shipping prices') and the box calculator.

test.describe("services page", () => {
  test("title from site text, the three services and their links", async ({ page }) => {
    await page.goto("/servicios");
    await expect(page.getByRole("heading", { level: 1, name: "Nuestros Servicios" })).toBeVisible();
    await expect(page.getByText("Compras, envíos y encomiendas familiares desde Miami")).toBeVisible();
    await expect(page.getByRole("link", { name: "Solicitar Servicio" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("link", { name: "Cotizar Envío" })).toHaveAttribute("href", "/contact");
    await page.getByRole("link", { name: "Consultar Estado" }).click();
    await expect(page).toHaveURL("/seguimiento");
  });

  test("family parcels, the six box prices and the extra features", async ({ page }) => {
    await page.goto("/servicios");
    const parcels = page.getByRole("region", { name: "Encomiendas Familiares" });
    await expect(parcels.getByRole("link", { name: /Enviar una Encomienda/ })).toHaveAttribute(
      "href",
      "/contact",
    );
    const prices = page.getByRole("list", { name: "Precios por tamaño de caja" }).getByRole("listitem");
    await expect(prices).toHaveText([
      /20×20×20.*\$245/,
      /22×22×22.*\$260/,
      /24×24×24.*\$285/,
      /36×22×22.*\$320/,
      /24×24×36.*\$370/,
      /41×28×24.*\$450/,
    ]);
    for (const feature of ["Entregas Rápidas", "Pagos Seguros", "Soporte Dedicado"]) {
      await expect(page.getByRole("heading", { name: feature })).toBeVisible();
    }
  });

  test("the calculator finds the smallest box in any orientation, or says none fits", async ({ page }) => {
    await gotoReady(page, "/servicios");
    const result = page.locator("#calc-resultado");
    const measure = async (l: string, w: string, h: string) => {
      await page.getByLabel("Largo (pulg.)").fill(l);
      await page.getByLabel("Ancho (pulg.)").fill(w);
      await page.getByLabel("Alto (pulg.)").fill(h);
      await page.getByRole("button", { name: "Calcular caja" }).click();
    };
    await measure("21", "30", "20,5");
    await expect(result).toContainText("36×22×22 pulgadas");
    await expect(result).toContainText("$320");
    await expect(page.getByRole("listitem").filter({ hasText: "Tu caja" })).toContainText("36×22×22");

    await measure("10", "12", "8");
    await expect(result).toContainText("20×20×20 pulgadas");
    await expect(result).toContainText("$245");

    await measure("45", "10", "10");
    await expect(result).toContainText("no cabe en ninguna de nuestras cajas");
    await expect(page.getByRole("listitem").filter({ hasText: "Tu caja" })).toHaveCount(0);

    await measure("10", "", "abc");
    await expect(result).toContainText("con números mayores que 0");
    await expect(page.getByLabel("Ancho (pulg.)")).toHaveAttribute("aria-invalid", "true");
  });

  test("the calculator also works from a plain form submission", async ({ page }) => {
    await page.goto("/servicios?largo=24&ancho=24&alto=30#calculadora");
    await expect(page.locator("#calc-resultado")).toContainText("24×24×36 pulgadas");
    await expect(page.locator("#calc-resultado")).toContainText("$370");
  });
});
