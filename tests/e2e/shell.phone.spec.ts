import { expect, test } from "./fixtures";

test.describe("site shell on a phone", () => {
  test("the phone menu slides in with every link, and the staff member's name and role", async ({
    page,
    staffPage,
  }) => {
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

    // The same menu for a signed-in staff member.
    const staff = await staffPage("operador");
    await staff.goto("/");
    await staff.getByRole("button", { name: "Abrir menú" }).click();
    // The person's name ('Operador' in the fixtures) and the role in words, never its stored value.
    await expect(staff.getByRole("dialog").getByText("Operador", { exact: true })).toHaveCount(2);
    await staff.getByRole("dialog").getByRole("link", { name: "Panel Admin" }).click();
    await expect(staff).toHaveURL(/\/admin\/chat$/);
  });
});
