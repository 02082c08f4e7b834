import { axeViolations } from "./axe";
import { card, createProducts, newTag, whatsappText } from "./cart-helpers";
import { expect, test } from "./fixtures";

// The shop orders without JavaScript (issue 38): 'Añadir al Carrito' posts, the cart lives in a
// cookie, /carrito lists it and ends in the WhatsApp order (app/lib/cart-lines.ts).

// A browser this project's options (JavaScript off) do not reach: axe itself is a script.
const WITH_SCRIPTS = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  javaScriptEnabled: true,
} as const;

test.describe("the cart without JavaScript", () => {
  test("adds two products, changes a quantity, removes nothing by mistake and reaches the WhatsApp order", async ({
    page,
    browser,
    baseURL,
    staffRequest,
  }) => {
    const tag = newTag();
    const [cafe, hamaca] = [`Café ${tag}`, `Hamaca ${tag}`];
    await createProducts(await staffRequest("admin"), [{ name: hamaca }, { name: cafe, price: "5" }]);

    await page.goto(`/tienda?q=${tag}`);
    await expect(page.getByRole("button", { name: "Carrito vacío" })).toBeVisible();
    await card(page, cafe).getByRole("button", { name: "Añadir al Carrito" }).click();
    // Back on the same search, at the card, with the confirmation and the count in the header.
    await expect(page).toHaveURL(new RegExp(`/tienda\\?q=${tag}#producto-[0-9a-f]{8}$`));
    const header = page.getByRole("banner");
    await expect(header.getByRole("status")).toContainText("Añadido al carrito.");
    await expect(header.getByRole("button", { name: "Carrito: 1 producto" })).toBeVisible();

    // The second from its own page.
    await card(page, hamaca).getByRole("link", { name: hamaca }).click();
    await expect(page.getByRole("heading", { level: 1, name: hamaca })).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Añadir al Carrito" }).click();
    await expect(page.getByRole("heading", { level: 1, name: hamaca })).toBeVisible();
    await expect(header.getByRole("status")).toContainText("Añadido al carrito.");

    // The header's cart button opens the cart page.
    await header.getByRole("button", { name: "Carrito: 2 productos" }).click();
    await expect(page).toHaveURL(/\/carrito\??$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tu carrito" })).toBeVisible();
    const list = page.getByRole("list", { name: "Productos en el carrito" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    const cafeLine = list.getByRole("listitem").filter({ hasText: cafe });
    await expect(cafeLine.getByText("$5.00 c/u")).toBeVisible();

    await cafeLine.getByLabel(`Cantidad de ${cafe}`).fill("3");
    await cafeLine.getByRole("button", { name: `Actualizar ${cafe}` }).click();
    await expect(header.getByRole("status")).toContainText("Carrito actualizado.");
    await expect(list.getByLabel(`Cantidad de ${cafe}`)).toHaveValue("3");
    await expect(header.getByRole("button", { name: "Carrito: 4 productos" })).toBeVisible();
    await expect(page.getByTestId("cart-total")).toHaveText("$15.00");
    await expect(page.getByText("1 producto sin precio: te lo confirmamos por WhatsApp.")).toBeVisible();

    const order = page.getByRole("link", { name: /Enviar pedido por WhatsApp/ });
    const href = await order.getAttribute("href");
    expect(href?.startsWith("https://wa.me/13055550100?text=")).toBe(true);
    expect(whatsappText(href)).toBe(
      [
        "Hola, quisiera hacer este pedido:",
        "",
        `• 3 × ${cafe} — $5.00 c/u = $15.00`,
        `• 1 × ${hamaca} — precio a consultar`,
        "",
        "Total: $15.00 (sin los productos a consultar)",
        "¿Me confirman la disponibilidad y las opciones de envío? ¡Gracias!",
      ].join("\n"),
    );
    // axe runs as a script: the same cart page in a browser whose site scripts never arrive.
    const checked = await browser.newContext({ ...WITH_SCRIPTS, baseURL });
    try {
      await checked.addCookies(await page.context().cookies());
      await checked.route(/\/assets\/[^?]+\.js(\?.*)?$/, (route) => route.abort());
      const same = await checked.newPage();
      await same.goto("/carrito");
      await expect(
        same.getByRole("list", { name: "Productos en el carrito" }).getByRole("listitem"),
      ).toHaveCount(2);
      expect(await axeViolations(same)).toEqual([]);
    } finally {
      await checked.close();
    }

    await list
      .getByRole("listitem")
      .filter({ hasText: hamaca })
      .getByRole("button", { name: `Quitar ${hamaca}` })
      .click();
    await expect(header.getByRole("status")).toContainText("Producto quitado del carrito.");
    await expect(list.getByRole("listitem")).toHaveCount(1);
    expect(whatsappText(await order.getAttribute("href"))).not.toContain(hamaca);
  });

  test("a quantity above the stock comes down to it; a product sold out since leaves with a message", async ({
    page,
    staffRequest,
  }) => {
    const tag = newTag();
    const [queso, pan] = [`Queso ${tag}`, `Pan ${tag}`];
    const admin = await staffRequest("admin");
    await createProducts(admin, [
      { name: pan, price: "2" },
      { name: queso, price: "4", stock: 2 },
    ]);
    await page.goto(`/tienda?q=${tag}`);
    for (const name of [queso, pan])
      await card(page, name).getByRole("button", { name: "Añadir al Carrito" }).click();
    await card(page, queso).getByRole("button", { name: "Añadir al Carrito" }).click();
    await card(page, queso).getByRole("button", { name: "Añadir al Carrito" }).click();
    await expect(page.getByRole("banner").getByRole("status")).toContainText("No hay más unidades.");
    await expect(page.getByRole("button", { name: "Carrito: 3 productos" })).toBeVisible();

    // The shop sells the last bread meanwhile.
    const panId = (await card(page, pan).locator('input[name="id"]').getAttribute("value")) ?? "";
    const sold = await admin.post("/admin/productos", {
      multipart: { intent: "product-toggle-stock", id: panId },
    });
    expect(sold.status()).toBe(200);

    await page.goto("/carrito");
    await expect(page.getByRole("main").getByRole("status")).toContainText(`${pan} se agotó.`);
    const list = page.getByRole("list", { name: "Productos en el carrito" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByLabel(`Cantidad de ${queso}`)).toHaveAttribute("max", "2");
    await expect(page.getByRole("button", { name: "Carrito: 2 productos" })).toBeVisible();
  });

  test("the page cache never shows one visitor's cart to another", async ({
    page,
    browser,
    baseURL,
    staffRequest,
  }) => {
    const tag = newTag();
    const cafe = `Café ${tag}`;
    await createProducts(await staffRequest("admin"), [{ name: cafe, price: "5" }]);
    const url = `/tienda?q=${tag}`;
    // Another visitor keeps the shop page in the cache...
    const other = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const visitor = await other.newPage();
      expect((await visitor.goto(url))?.headers()["x-page-cache"]).toBeDefined();
      // ...while this one fills a cart on it.
      await page.goto(url);
      await card(page, cafe).getByRole("button", { name: "Añadir al Carrito" }).click();
      await expect(page.getByRole("button", { name: "Carrito: 1 producto" })).toBeVisible();
      const mine = await page.goto(url);
      expect(mine?.headers()["x-page-cache"]).toBeUndefined();
      await expect(page.getByRole("button", { name: "Carrito: 1 producto" })).toBeVisible();

      const theirs = await visitor.goto(url);
      expect(theirs?.headers()["x-page-cache"]).toMatch(/fresh|stale|miss/);
      await expect(visitor.getByRole("button", { name: "Carrito vacío" })).toBeVisible();
      await expect(visitor.getByTestId("cart-count")).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test("the empty cart says so and leads to the shop; bad input is a 400 in Spanish", async ({ page }) => {
    await page.goto("/carrito");
    await expect(page.getByText("Tu carrito está vacío.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Ver la tienda" })).toHaveAttribute(
      "href",
      "/tienda",
    );
    const res = await page.request.post("/carrito", { form: { intent: "set", id: "nada", quantity: "2" } });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain("Ese producto no existe.");
  });
});
