import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// The shop /tienda (docs/product.md §2.3). Products are created through the admin action over HTTP with
// a unique tag, so each test sees exactly its own products whatever else is in the shop.
const newTag = () => `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type NewProduct = {
  name: string;
  category: string;
  description?: string;
  stock?: number;
  /** Sale info; "" is on sale without text (the badge then says 'OFERTA'). */
  sale?: string;
  image?: Buffer;
};

/** Creates the products as the admin's products form posts them (`admin`: `staffRequest("admin")`). */
async function createProducts(admin: APIRequestContext, products: NewProduct[]) {
  for (const p of products) {
    const res = await admin.post("/admin/productos", {
      multipart: {
        intent: "product-save",
        name: p.name,
        description: p.description ?? "",
        stockQuantity: String(p.stock ?? 5),
        category: p.category,
        isOnSale: p.sale === undefined ? "false" : "true",
        saleInfo: p.sale ?? "",
        ...(p.image ? { image: { name: "foto.png", mimeType: "image/png", buffer: p.image } } : {}),
      },
    });
    expect(res.status(), `create ${p.name}`).toBe(200);
  }
}

const cards = (page: Page) => page.getByRole("article");
const search = (page: Page) => page.getByRole("searchbox", { name: "Buscar productos" });

test.describe("shop", () => {
  test("typing filters without a reload, ignoring accents, and keeps focus", async ({
    page,
    staffRequest,
  }) => {
    const tag = newTag();
    await createProducts(await staffRequest("admin"), [
      { name: `Artesanía ${tag}`, category: "artesanía" },
      { name: `Café ${tag}`, category: "comida", description: "Tostado oscuro" },
    ]);
    await gotoReady(page, "/tienda");
    await page.evaluate(() => {
      (window as unknown as { __samePage: boolean }).__samePage = true;
    });
    await search(page).fill(`artesania ${tag}`);
    await expect(page).toHaveURL(new RegExp(`\\?q=artesania\\+${tag}$`));
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole("heading")).toHaveText(`Artesanía ${tag}`);
    await expect(search(page)).toBeFocused();
    await search(page).fill(tag);
    await expect(cards(page)).toHaveCount(2);
    await search(page).fill(`TOSTADO`);
    await expect(cards(page).filter({ hasText: tag })).toHaveCount(1);
    // No full page load happened.
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });

  test("category buttons narrow the grid and combine with the search", async ({ page, staffRequest }) => {
    const tag = newTag();
    await createProducts(await staffRequest("admin"), [
      { name: `Camisa ${tag}`, category: "ropa" },
      { name: `Botas ${tag}`, category: "calzado" },
      { name: `Frijoles ${tag}`, category: "comida" },
    ]);
    await gotoReady(page, `/tienda?q=${tag}`);
    await expect(cards(page)).toHaveCount(3);
    const categories = page.getByRole("navigation", { name: "Categorías" }).getByRole("link");
    await expect(categories.first()).toHaveText("Todos");
    await expect(categories.first()).toHaveAttribute("aria-current", "page");
    await categories.filter({ hasText: "Calzado" }).click();
    await expect(page).toHaveURL(`/tienda?q=${tag}&categoria=calzado`);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole("heading")).toHaveText(`Botas ${tag}`);
    await categories.filter({ hasText: "Artesanía" }).click();
    await expect(page.getByRole("heading", { name: "No se encontraron productos" })).toBeVisible();
    await expect(page.getByText("Intenta ajustar tu búsqueda o filtros.")).toBeVisible();
    await categories.filter({ hasText: "Todos" }).click();
    await expect(cards(page)).toHaveCount(3);
    // Newest first.
    await expect(cards(page).first().getByRole("heading")).toHaveText(`Frijoles ${tag}`);
  });

  test("'Añadir al Carrito' puts the product in the cart, whose sheet keeps the shipping text", async ({
    page,
    staffRequest,
  }) => {
    const tag = newTag();
    const name = `Rosquillas ${tag}`;
    await createProducts(await staffRequest("admin"), [{ name, category: "comida", sale: "2x1" }]);
    await gotoReady(page, `/tienda?q=${tag}`);
    const card = cards(page).first();
    await expect(card.getByText("2x1")).toBeVisible();
    await card.getByRole("button", { name: "Añadir al Carrito" }).click();
    await expect(page.getByRole("button", { name: "Carrito: 1 producto" })).toBeVisible();
    // The toast (over the header on phones) opens the cart, as a visitor would.
    await page
      .getByRole("region", { name: /^Notificaciones/ })
      .getByRole("button", { name: "Ver carrito" })
      .click();
    const dialog = page.getByRole("dialog", { name: "Tu carrito" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Pide por WhatsApp")).toBeVisible();
    const link = dialog.getByRole("link", { name: /Enviar pedido por WhatsApp/ });
    const href = (await link.getAttribute("href")) ?? "";
    expect(href.startsWith("https://wa.me/13055550100?text=")).toBe(true);
    expect(new URL(href).searchParams.get("text")).toContain(`• 1 × ${name} — precio a consultar`);
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toBeHidden();
  });

  test("a product without a loadable image shows 'Imagen no disponible'; sale badge defaults to 'OFERTA'", async ({
    page,
    staffRequest,
  }) => {
    const tag = newTag();
    const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#286" } })
      .png()
      .toBuffer();
    await createProducts(await staffRequest("admin"), [
      { name: `Con foto ${tag}`, category: "ropa", image },
      { name: `Sin foto ${tag}`, category: "ropa", sale: "" },
    ]);
    await gotoReady(page, `/tienda?q=${tag}`);
    const withPhoto = cards(page).filter({ hasText: `Con foto ${tag}` });
    const without = cards(page).filter({ hasText: `Sin foto ${tag}` });
    await expect(without.getByText("Imagen no disponible")).toBeVisible();
    await expect(without.getByText("OFERTA", { exact: true })).toBeVisible();
    await expect(withPhoto.getByRole("img", { name: `Con foto ${tag}` })).toBeVisible();
    // When the stored file cannot be loaded, the card says so instead of a broken image.
    await page.route("**/files/product-images/**", (route) => route.abort());
    await page.reload();
    await expect(withPhoto.getByText("Imagen no disponible")).toBeVisible();
  });

  test("works without JavaScript and describes itself to search engines", async ({
    browser,
    staffRequest,
  }) => {
    const tag = newTag();
    await createProducts(await staffRequest("admin"), [
      { name: `Hamaca ${tag}`, category: "artesanía", stock: 0 },
      { name: `Jarrón ${tag}`, category: "artesanía" },
    ]);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const nojs = await context.newPage();
    await nojs.goto("/tienda?categoria=artesan%C3%ADa");
    await nojs.getByRole("searchbox", { name: "Buscar productos" }).fill(`jarron ${tag}`);
    await nojs.getByRole("button", { name: "Buscar" }).click();
    await expect(nojs).toHaveURL(/categoria=artesan%C3%ADa/);
    await expect(nojs.getByRole("article")).toHaveCount(1);
    await expect(nojs.getByRole("article").getByRole("heading")).toHaveText(`Jarrón ${tag}`);

    await nojs.goto(`/tienda?q=${tag}`);
    await expect(nojs).toHaveTitle("Nuestra Tienda · Mini Market Latino");
    await expect(nojs.locator('meta[property="og:title"]')).toHaveAttribute("content", /Nuestra Tienda/);
    await expect(nojs.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
    const scripts = await nojs.locator('script[type="application/ld+json"]').allTextContents();
    const ld = JSON.parse(scripts.find((t) => t.includes('"ItemList"')) ?? "{}");
    const items = ld.itemListElement.map(
      (i: { item: { name: string; offers: { availability: string } } }) => [
        i.item.name,
        i.item.offers.availability,
      ],
    );
    expect(items).toEqual([
      [`Jarrón ${tag}`, "https://schema.org/InStock"],
      [`Hamaca ${tag}`, "https://schema.org/OutOfStock"],
    ]);
    await context.close();
  });

  test("has no accessibility violations, with and without the cart sheet", async ({ page }) => {
    const axe = () => axeViolations(page, { feature: true });
    await gotoReady(page, "/tienda");
    await expect(cards(page).first()).toBeVisible();
    expect(await axe()).toEqual([]);
    await cards(page)
      .filter({ has: page.getByRole("button", { name: "Añadir al Carrito", disabled: false }) })
      .first()
      .getByRole("button", { name: "Añadir al Carrito" })
      .click();
    await page.getByRole("button", { name: /^Carrito:/ }).click();
    await expect(page.getByRole("dialog", { name: "Tu carrito" })).toBeVisible();
    expect(await axe()).toEqual([]);
  });
});
