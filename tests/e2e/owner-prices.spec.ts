import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { expect, test, testHook } from "./fixtures";
import { gotoReady } from "./public-helpers";

// /admin/precios (issue 38): the owner's price list reaches every page that names a price. The
// price list is shared by the worker's tests: each test puts the spec's prices back.

async function save(page: Page) {
  await page.getByRole("button", { name: "Guardar precios" }).click();
  await expect(page.getByText("El sitio muestra los nuevos precios desde ya.").first()).toBeVisible();
}

test.describe("the owner's prices", () => {
  test.use({ signedInAs: "admin" });
  // Long walks through several pages, typed on a phone.
  test.describe.configure({ timeout: 60_000 });
  test.afterEach(async ({ request }) => {
    await testHook(request, "price-list-defaults");
  });

  test("a new box price and commission show on /servicios, the box finder, the landing page, /personal-shop and WhatsApp; 'Restaurar' brings a version back", async ({
    page,
    visitorPhone,
  }) => {
    await gotoReady(page, "/admin/precios");
    await expect(page.getByRole("heading", { level: 1, name: "Precios" })).toBeVisible();
    const first = page.getByRole("listitem", { name: "Caja 1" });
    await expect(first.getByLabel("Precio (US$)")).toHaveValue("245.00");
    await first.getByLabel("Precio (US$)").fill("$255");
    await page.getByLabel("Comisión de servicio (%)").fill("12,5");
    await save(page);

    const visitor = await visitorPhone();
    await visitor.goto("/servicios");
    const boxes = visitor.getByRole("list", { name: "Precios por tamaño de caja" }).getByRole("listitem");
    await expect(boxes.first()).toContainText("$255");
    await visitor.goto("/servicios?largo=10&ancho=10&alto=10");
    const answer = visitor.locator("#calc-resultado");
    await expect(answer).toContainText("$255");
    const wa = await answer.getByRole("link", { name: /Solicitar esta caja/ }).getAttribute("href");
    expect(new URL(wa ?? "").searchParams.get("text")).toContain("20×20×20 pulgadas ($255)");
    await visitor.goto("/");
    await expect(visitor.getByText("Cajas desde $255.")).toBeVisible();
    const ld = (await visitor.locator('script[type="application/ld+json"]').allTextContents()).join("\n");
    expect(ld).toContain('"price":"255.00"');
    await visitor.goto("/personal-shop");
    await expect(visitor.getByText("12,5%", { exact: true })).toBeVisible();

    // Back to the spec's prices by hand, then 'Restaurar' brings the owner's version back.
    await first.getByLabel("Precio (US$)").fill("245");
    await page.getByLabel("Comisión de servicio (%)").fill("15");
    await save(page);
    const history = page.getByRole("list").filter({ hasText: "Actual" });
    await expect(history.getByRole("listitem").first()).toContainText("$255");
    await history
      .getByRole("button", { name: /^Restaurar los precios del/ })
      .first()
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Restaurar" }).click();
    await expect(page.getByText("Se restauró esa versión de los precios.")).toBeVisible();
    await expect(page.getByRole("listitem", { name: "Caja 1" }).getByLabel("Precio (US$)")).toHaveValue(
      "255.00",
    );
    await visitor.goto("/servicios");
    await expect(boxes.first()).toContainText("$255");
  });

  test("boxes are added, moved and removed; a wrong price is refused by its field and nothing changes", async ({
    page,
  }) => {
    await gotoReady(page, "/admin/precios");
    await page.getByRole("button", { name: "Añadir caja" }).click();
    const added = page.getByRole("listitem", { name: "Caja 7" });
    await added.getByLabel("Nombre (opcional)").fill("Caja para TV");
    const inches = added.getByRole("group", { name: "Medidas por dentro, en pulgadas" });
    await inches.getByLabel("Largo").fill("50");
    await inches.getByLabel("Ancho").fill("8");
    await inches.getByLabel("Alto").fill("32");
    await added.getByLabel("Precio (US$)").fill("-5");
    await page.getByRole("button", { name: "Guardar precios" }).click();
    await expect(added.getByText("Escribe un precio como 245, 245.50 o $245.")).toBeVisible();
    await added.getByLabel("Precio (US$)").fill("510");
    await page.getByRole("button", { name: "Subir la caja 7" }).click();
    await expect(page.getByRole("listitem", { name: "Caja 6" }).getByLabel("Nombre (opcional)")).toHaveValue(
      "Caja para TV",
    );
    await page.getByRole("button", { name: "Quitar la caja 1" }).click();
    await save(page);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/servicios");
    const boxes = page.getByRole("list", { name: "Precios por tamaño de caja" }).getByRole("listitem");
    await expect(boxes).toHaveCount(6);
    await expect(boxes.first()).toContainText("22×22×22");
    await expect(boxes.nth(4)).toContainText(/Caja para TV.*50×8×32.*127×20,5×81,5 cm.*\$510/);
    // A package too long for the old boxes now fits the new one.
    await page.goto("/servicios?largo=45&ancho=5&alto=5");
    await expect(page.locator("#calc-resultado")).toContainText("Caja para TV");
  });
});
