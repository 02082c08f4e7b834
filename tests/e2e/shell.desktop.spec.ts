import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

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

  test("the 'Tienda' submenu opens on hover and works with the keyboard (desktop)", async ({ page }) => {
    // Hovering opens the submenu once the page has hydrated (a hover is not replayed).
    await gotoReady(page, "/nosotros");
    const banner = page.getByRole("banner");
    const trigger = banner.getByRole("button", { name: "Tienda" });
    const external = banner.getByRole("link", { name: /Tiendas Externas/ });

    await trigger.hover();
    await expect(external).toBeVisible();
    await page.getByRole("heading", { level: 1 }).hover();
    await expect(external).toBeHidden();

    // The panel is a popover: its button says open or closed to assistive technology by itself.
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(external).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(banner.getByRole("link", { name: /Nuestra Tienda/ })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(external).toBeHidden();
    await expect(trigger).toBeFocused();

    await page.keyboard.press("Space");
    await expect(external).toBeVisible();
    await page.getByRole("main").click({ position: { x: 5, y: 5 } });
    await expect(external).toBeHidden();
  });

  test.describe(() => {
    test.use({ signedInAs: "admin" });

    test("signed-in staff see 'Panel' in the header (desktop)", async ({ page }) => {
      await page.goto("/nosotros");
      await page.getByRole("banner").getByRole("link", { name: "Panel" }).click();
      await expect(page).toHaveURL("/admin");
    });
  });
});
