import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// Issue 38 in the admin products tab: 'Ocultar' takes a product out of the shop, and the owner's
// own categories ('Categorías') become the shop's filters. Products get unique names; the category
// 'Bebidas' is removed again at the end of its test.
const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const row = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
const categoriesSection = (page: Page) => page.getByRole("region", { name: "Categorías" });

async function openProductsTab(page: Page) {
  await gotoReady(page, "/admin/productos");
  await expect(
    page.getByRole("navigation", { name: "Secciones de contenido" }).getByRole("link", { name: "Productos" }),
  ).toHaveAttribute("aria-current", "page");
}

async function addProduct(page: Page, name: string, category: string) {
  await page.getByRole("button", { name: "Agregar Nuevo Producto" }).click();
  await page.getByLabel("Nombre del Producto").fill(name);
  await page.getByLabel("Categoría", { exact: true }).selectOption({ label: category });
  await page.getByRole("button", { name: "Agregar Producto" }).click();
  await expect(page.getByText("Producto agregado.").first()).toBeVisible();
  await expect(row(page, name)).toBeVisible();
}

test.describe("the owner's catalog", () => {
  test.use({ signedInAs: "admin" });

  test("a hidden product leaves the shop and its page answers 404 to visitors", async ({
    page,
    visitorPhone,
  }) => {
    test.slow(); // many page loads, as staff and as a visitor, on a small machine
    const name = unique("Rosquillas");
    await openProductsTab(page);
    await addProduct(page, name, "Comida");
    await gotoReady(page, `/tienda?q=${encodeURIComponent(name)}`);
    const link = page.getByRole("article").filter({ hasText: name }).getByRole("link").first();
    const url = (await link.getAttribute("href")) ?? "";
    expect(url).toMatch(/^\/tienda\/rosquillas-/);

    await openProductsTab(page);
    await row(page, name).getByRole("button", { name: "Ocultar" }).click();
    await expect(page.getByText(`«${name}» quedó oculto de la tienda.`)).toBeVisible();
    await expect(row(page, name).getByText("Oculto", { exact: true })).toBeVisible();
    await expect(row(page, name).getByRole("button", { name: "Mostrar" })).toBeVisible();

    const visitor = await visitorPhone();
    await visitor.goto(`/tienda?q=${encodeURIComponent(name)}`);
    await expect(visitor.getByText("No se encontraron productos")).toBeVisible();
    await expect(visitor.getByRole("article")).toHaveCount(0);
    const answer = await visitor.goto(url);
    expect(answer?.status()).toBe(404);
    await expect(visitor.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
    await expect(visitor.getByText(name)).toHaveCount(0);

    // Staff still see the page, told that it is hidden.
    await gotoReady(page, url);
    await expect(page.getByRole("note")).toContainText("Este producto está oculto");
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();

    // Shown again, it is back for visitors.
    await openProductsTab(page);
    await row(page, name).getByRole("button", { name: "Mostrar" }).click();
    await expect(page.getByText(`«${name}» se muestra en la tienda.`)).toBeVisible();
    expect((await visitor.goto(url))?.status()).toBe(200);
  });

  test("a new category becomes a shop filter, moves by keyboard, and cannot go while used", async ({
    page,
    visitorPhone,
  }) => {
    test.slow(); // many page loads, as staff and as a visitor, on a small machine
    const name = unique("Fresco de cacao");
    await openProductsTab(page);
    const section = categoriesSection(page);
    await section.getByLabel("Nueva categoría").fill("Bebidas");
    await section.getByRole("button", { name: "Agregar" }).click();
    await expect(page.getByText("Categoría «Bebidas» agregada.")).toBeVisible();
    const order = section.getByRole("list", { name: "Orden de las categorías" }).getByRole("listitem");
    await expect(order.last()).toContainText("Bebidas");
    await expect(order.last()).toContainText("Sin productos");

    // Up twice by keyboard: the focus stays on the button, so Enter can be pressed again.
    const up = section.getByRole("button", { name: "Subir «Bebidas»" });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(order.nth(-2)).toContainText("Bebidas");
    await expect(up).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(order.nth(-3)).toContainText("Bebidas");

    await addProduct(page, name, "Bebidas");
    await expect(order.filter({ hasText: "Bebidas" })).toContainText("1 producto");

    const visitor = await visitorPhone();
    await visitor.goto("/tienda");
    const chips = visitor.getByRole("navigation", { name: "Categorías" }).getByRole("link");
    await expect(chips).toHaveText(["Todos", "Ropa", "Calzado", "Bebidas", "Comida", "Artesanía"]);
    await chips.filter({ hasText: "Bebidas" }).click();
    await expect(visitor).toHaveURL(/categoria=bebidas/);
    await expect(visitor.getByRole("article").filter({ hasText: name })).toBeVisible();

    // Removing it while a product uses it is refused, in Spanish.
    await section.getByRole("button", { name: "Eliminar «Bebidas»" }).click();
    await expect(page.getByText("No se puede eliminar «Bebidas»: la usa 1 producto.")).toBeVisible();
    await expect(order.filter({ hasText: "Bebidas" })).toHaveCount(1);

    // Once the product is gone, it can go.
    await row(page, name).getByRole("button", { name: "Eliminar" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
    await expect(page.getByText("Producto eliminado.")).toBeVisible();
    await section.getByRole("button", { name: "Eliminar «Bebidas»" }).click();
    await expect(page.getByText("Categoría «Bebidas» eliminada.")).toBeVisible();
    await expect(order.filter({ hasText: "Bebidas" })).toHaveCount(0);
    await visitor.goto("/tienda");
    await expect(chips).toHaveText(["Todos", "Ropa", "Calzado", "Comida", "Artesanía"]);
  });
});
