import { expect, login, test } from "./fixtures";

test.describe("site shell on a phone", () => {
  test("the phone menu slides in with every link, and the staff member's name and role", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    const menu = page.getByRole("dialog");
    for (const name of [
      "Inicio",
      "Nosotros",
      "Servicios",
      "Nuestra Tienda",
      "Tiendas Externas",
      "Personal Shop",
      "Seguimiento",
      "Contáctenos",
    ]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await menu.getByRole("link", { name: "Seguimiento", exact: true }).click();
    await expect(page).toHaveURL("/seguimiento");
    await expect(menu).toBeHidden();

    await login(page, "operador");
    await page.goto("/");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await expect(page.getByRole("dialog")).toContainText("Operador");
    await expect(page.getByRole("dialog")).toContainText("operador");
    await page.getByRole("dialog").getByRole("link", { name: "Panel Admin" }).click();
    await expect(page).toHaveURL(/\/admin\/chat$/);
  });
});
