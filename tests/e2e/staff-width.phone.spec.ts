import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// Staff work from small phones between customers: no staff screen scrolls sideways at 320 px.
test.use({ signedInAs: "admin", viewport: { width: 320, height: 700 } });

for (const path of [
  "/admin",
  "/admin/chat",
  "/admin/chat/respuestas",
  "/admin/orders",
  "/admin/embarques",
  "/admin/users",
  "/admin/users/activity",
  "/admin/content",
  "/admin/precios",
  "/admin/avisos",
  "/admin/hero-images",
  "/admin/productos",
  "/admin/textos",
  "/admin/apariencia",
  "/admin/clientes",
  "/admin/chat/informes",
  "/admin/backups",
  "/admin/correo",
]) {
  test(`${path} fits a 320 px screen`, async ({ page }) => {
    await gotoReady(page, path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
}

test("the bottom bar shows every label whole at 320 px, and 'Menú' every screen", async ({ page }) => {
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
  await nav.getByRole("button", { name: "Menú" }).click();
  await page
    .getByRole("dialog", { name: "Todas las pantallas" })
    .getByRole("link", { name: "Usuarios" })
    .click();
  await expect(page.getByRole("heading", { name: "Vista de Operadores" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Menú" })).toHaveClass(/text-primary/);
});

test("a shipment's page fits 320 px and has no accessibility violations", async ({ page, staffRequest }) => {
  const staff = await staffRequest("admin");
  const made = await staff.post("/admin/embarques.data", {
    form: { intent: "shipment-create", reference: `Ancho ${Date.now() % 100000}`, destination: "NI" },
  });
  const id = /\/admin\/embarques\/([0-9a-f-]{36})/.exec(await made.text())?.[1] ?? "";
  expect(id).not.toBe("");
  await gotoReady(page, `/admin/embarques/${id}`);
  await expect(page.getByRole("heading", { name: "Paquetes (0)" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(await axeViolations(page)).toEqual([]);
  await gotoReady(page, "/admin/embarques");
  expect(await axeViolations(page)).toEqual([]);
});
