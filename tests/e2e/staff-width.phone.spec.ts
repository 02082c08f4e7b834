import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// Staff work from small phones between customers: no staff screen scrolls sideways at 320 px.
test.use({ signedInAs: "admin", viewport: { width: 320, height: 700 } });

for (const path of [
  "/admin",
  "/admin/chat",
  "/admin/chat/respuestas",
  "/admin/orders",
  "/admin/users",
  "/admin/users/activity",
  "/admin/content",
  "/admin/precios",
  "/admin/avisos",
  "/admin/hero-images",
]) {
  test(`${path} fits a 320 px screen`, async ({ page }) => {
    await gotoReady(page, path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
}

test("the bottom bar shows every label whole at 320 px, the rest of the pages under 'Más'", async ({
  page,
}) => {
  await gotoReady(page, "/admin/orders");
  const nav = page.getByRole("navigation", { name: "Navegación del panel (móvil)" });
  const links = nav.getByRole("link");
  await expect(links.first()).toBeVisible();
  // No label is cut short: each one's text fits the width it is given.
  const cut = await links.evaluateAll((els) =>
    els.flatMap((a) => {
      const label = a.querySelector("span.truncate");
      return label && label.scrollWidth > label.clientWidth ? [label.textContent] : [];
    }),
  );
  expect(cut).toEqual([]);
  await expect(nav.getByRole("link", { name: "Usuarios" })).toHaveCount(0);
  await nav.getByRole("button", { name: "Más" }).click();
  await page.getByRole("menuitem", { name: "Usuarios" }).click();
  await expect(page.getByRole("heading", { name: "Vista de Operadores" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Más" })).toHaveClass(/text-primary/);
});
