import { expect, login, test } from "./fixtures";

test.describe("site shell on a wide screen", () => {
  test("the 'Tienda' submenu lists the three shops (desktop)", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Tienda" }).click();
    await page
      .getByRole("banner")
      .getByRole("link", { name: /Tiendas Externas/ })
      .click();
    await expect(page).toHaveURL("/tienda-externa");
    await expect(page.getByRole("heading", { level: 1, name: "Tiendas Externas" })).toBeVisible();
  });

  test("signed-in staff see 'Panel' in the header (desktop)", async ({ page }) => {
    await login(page, "admin");
    await page.goto("/nosotros");
    await page.getByRole("banner").getByRole("link", { name: "Panel" }).click();
    await expect(page).toHaveURL("/admin");
  });
});
