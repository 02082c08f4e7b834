import type { APIRequestContext, Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// docs/product.md §2.3, §2.7, §2.9 and ADR 0015: prices, the WhatsApp cart, product pages, tracking help, the calculator request.
const newTag = () => `zc${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type NewProduct = { name: string; price?: string; salePrice?: string; stock?: number; description?: string };

async function createProducts(admin: APIRequestContext, products: NewProduct[]) {
  for (const p of products) {
    const res = await admin.post("/admin/productos", {
      multipart: {
        intent: "product-save",
        name: p.name,
        description: p.description ?? "",
        stockQuantity: String(p.stock ?? 5),
        category: "comida",
        isOnSale: p.salePrice ? "true" : "false",
        saleInfo: "",
        priceCents: p.price ?? "",
        salePriceCents: p.salePrice ?? "",
      },
    });
    expect(res.status(), `create ${p.name}`).toBe(200);
  }
}

const card = (page: Page, name: string) => page.getByRole("article").filter({ hasText: name });
const whatsappText = (href: string | null) => new URL(href ?? "").searchParams.get("text");

test.describe("the WhatsApp cart", () => {
  test.beforeEach(async ({ page }) => {
    await page.context().route("https://wa.me/**", (route) => route.fulfill({ body: "WhatsApp" }));
  });

  test("adds three products, changes quantities, survives a reload and sends one exact message", async ({
    page,
    staffRequest,
  }) => {
    const tag = newTag();
    const [cafe, hamaca, rosquillas, agotado] = [
      `Café ${tag}`,
      `Hamaca ${tag}`,
      `Rosquillas ${tag}`,
      `Agotado ${tag}`,
    ];
    await createProducts(await staffRequest("admin"), [
      { name: agotado, price: "3", stock: 0 },
      { name: hamaca },
      { name: rosquillas, price: "8", salePrice: "6.50" },
      { name: cafe, price: "5" },
    ]);
    await gotoReady(page, `/tienda?q=${tag}`);
    await expect(card(page, cafe).getByText("$5.00")).toBeVisible();
    await expect(card(page, hamaca).getByText("Consultar precio")).toBeVisible();
    await expect(card(page, rosquillas).getByText("$6.50")).toBeVisible();
    await expect(card(page, rosquillas).locator("s")).toContainText("$8.00");
    // Sold out: cannot be added; the pill does not cover 'Imagen no disponible'.
    await expect(card(page, agotado).getByRole("button", { name: "Añadir al Carrito" })).toBeDisabled();
    const pill = await card(page, agotado).getByText("Agotado", { exact: true }).boundingBox();
    const placeholder = await card(page, agotado).getByText("Imagen no disponible").boundingBox();
    expect(pill && placeholder).toBeTruthy();
    if (pill && placeholder) {
      const overlap =
        pill.x < placeholder.x + placeholder.width &&
        placeholder.x < pill.x + pill.width &&
        pill.y < placeholder.y + placeholder.height &&
        placeholder.y < pill.y + pill.height;
      expect(overlap).toBe(false);
    }

    await page.screenshot({ path: test.info().outputPath("shop.png") });
    for (const name of [cafe, hamaca, rosquillas]) {
      await card(page, name).getByRole("button", { name: "Añadir al Carrito" }).click();
    }
    await card(page, cafe).getByRole("button", { name: "Añadir al Carrito" }).click();
    const cartButton = page.getByRole("button", { name: /^Carrito/ });
    await expect(cartButton).toHaveAccessibleName("Carrito: 4 productos");

    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(cartButton).toHaveAccessibleName("Carrito: 4 productos");
    await cartButton.click();
    const sheet = page.getByRole("dialog", { name: "Tu carrito" });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText("Pide por WhatsApp")).toBeVisible();
    await sheet.getByRole("button", { name: `Añadir uno de ${rosquillas}` }).click();
    await sheet.getByRole("button", { name: `Añadir uno de ${rosquillas}` }).click();
    await sheet.getByRole("button", { name: `Quitar uno de ${cafe}` }).click();
    await expect(sheet.getByTestId("cart-total")).toHaveText("$24.50");
    expect(await axeViolations(page, { feature: true })).toEqual([]);

    const send = sheet.getByRole("link", { name: /Enviar pedido por WhatsApp/ });
    const href = await send.getAttribute("href");
    expect(href?.startsWith("https://wa.me/13055550100?text=")).toBe(true);
    expect(whatsappText(href)).toBe(
      [
        "Hola, quisiera hacer este pedido:",
        "",
        `• 1 × ${cafe} — $5.00`,
        `• 1 × ${hamaca} — precio a consultar`,
        `• 3 × ${rosquillas} — $6.50 c/u = $19.50`,
        "",
        "Total: $24.50 (sin los productos a consultar)",
        "¿Me confirman la disponibilidad y las opciones de envío? ¡Gracias!",
      ].join("\n"),
    );
    await sheet.getByRole("button", { name: `Eliminar ${hamaca}` }).click();
    await expect(sheet.getByRole("listitem")).toHaveCount(2);
    await page.screenshot({ path: test.info().outputPath("cart-sheet.png") });
  });

  test("opening the cart brings it up to date: today's price, nothing sold out", async ({
    page,
    staffRequest,
  }) => {
    const tag = newTag();
    const [cafe, hamaca] = [`Café ${tag}`, `Hamaca ${tag}`];
    const admin = await staffRequest("admin");
    await createProducts(admin, [
      { name: hamaca, price: "40" },
      { name: cafe, price: "5" },
    ]);
    await gotoReady(page, `/tienda?q=${tag}`);
    for (const name of [cafe, hamaca])
      await card(page, name).getByRole("button", { name: "Añadir al Carrito" }).click();
    const ids = await page.evaluate(() =>
      Object.fromEntries(
        (JSON.parse(localStorage.getItem("mml-cart-v1") ?? "[]") as { id: string; name: string }[]).map(
          (i) => [i.name, i.id],
        ),
      ),
    );
    // Meanwhile the shop raises the coffee's price and sells the last hammock.
    const save = await admin.post("/admin/productos", {
      multipart: {
        intent: "product-save",
        id: ids[cafe] ?? "",
        name: cafe,
        description: "",
        stockQuantity: "5",
        category: "comida",
        isOnSale: "false",
        saleInfo: "",
        priceCents: "6",
        salePriceCents: "",
      },
    });
    expect(save.status()).toBe(200);
    const sold = await admin.post("/admin/productos", {
      multipart: { intent: "product-toggle-stock", id: ids[hamaca] ?? "" },
    });
    expect(sold.status()).toBe(200);

    await page.getByRole("button", { name: /^Carrito/ }).click();
    const sheet = page.getByRole("dialog", { name: "Tu carrito" });
    await expect(sheet.getByText("Actualizamos tu carrito:")).toBeVisible();
    await expect(sheet.getByText(`${cafe}: ahora $6.00.`)).toBeVisible();
    await expect(sheet.getByText(`${hamaca} se agotó.`)).toBeVisible();
    await expect(sheet.getByRole("listitem").filter({ hasText: hamaca })).toHaveCount(1); // the notice only
    await expect(sheet.getByTestId("cart-total")).toHaveText("$6.00");
    const href = await sheet.getByRole("link", { name: /Enviar pedido por WhatsApp/ }).getAttribute("href");
    expect(whatsappText(href)).toContain(`• 1 × ${cafe} — $6.00`);
    expect(whatsappText(href)).not.toContain(hamaca);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Carrito: 1 producto" })).toBeVisible();
  });

  test("a product page is server-rendered with its preview tags, and adds to the cart", async ({
    page,
    staffRequest,
  }) => {
    const tag = newTag();
    const name = `Pan dulce ${tag}`;
    await createProducts(await staffRequest("admin"), [
      { name, price: "2.25", description: "Recién horneado en Miami" },
    ]);
    await gotoReady(page, `/tienda?q=${tag}`);
    await card(page, name).getByRole("link", { name }).click();
    await expect(page).toHaveURL(new RegExp(`/tienda/pan-dulce-${tag}-[0-9a-f]{8}$`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("$2.25")).toBeVisible();
    await expect(page.getByText("Disponible", { exact: true })).toBeVisible();
    const url = page.url();
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", new RegExp(name));
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
      "content",
      "$2.25 · Recién horneado en Miami",
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
    const share = page.getByRole("link", { name: /Compartir por WhatsApp/ });
    expect(whatsappText(await share.getAttribute("href"))).toContain(new URL(url).pathname);
    await page.getByRole("button", { name: "Añadir al Carrito" }).click();
    await expect(page.getByRole("button", { name: "Carrito: 1 producto" })).toBeVisible();
    expect(await axeViolations(page, { feature: true })).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("product-page.png"), fullPage: true });

    // Without JavaScript: the same page, and the JSON-LD Offer with its price.
    const res = await page.request.get(url);
    const html = await res.text();
    expect(html).toContain(`"price":"2.25","priceCurrency":"USD"`);
    // Unknown slugs go to the landing page.
    await page.goto("/tienda/no-existe-00000000");
    await expect(page).toHaveURL(/\/$/);
  });

  test("the box calculator offers 'Solicitar esta caja' with the box, price and measurements", async ({
    page,
  }) => {
    await gotoReady(page, "/servicios");
    await page.getByLabel("Largo (pulg.)").fill("18");
    await page.getByLabel("Ancho (pulg.)").fill("15");
    await page.getByLabel("Alto (pulg.)").fill("12");
    await page.getByRole("button", { name: "Calcular caja" }).click();
    const request = page.getByRole("link", { name: /Solicitar esta caja/ });
    expect(whatsappText(await request.getAttribute("href"))).toBe(
      "Hola, quisiera solicitar la caja de 20×20×20 pulgadas ($245) para mi paquete de 18 × 15 × 12 pulgadas (largo × ancho × alto).",
    );
  });
});

test.describe("tracking that helps", () => {
  test("a found order shows the whole path and '¿Dudas sobre tu pedido?'; an unknown one offers help", async ({
    page,
    staffRequest,
  }) => {
    const staff = await staffRequest("admin");
    const customer = `Cliente ${newTag()}`;
    const res = await staff.post("/admin/orders.data", {
      form: { intent: "create", customerName: customer, orderDescription: "Caja 20x20x20" },
    });
    const tracking = /TRK-\d{4}-[A-Z0-9]{6,}/.exec(await res.text())?.[0] ?? "";
    expect(tracking).not.toBe("");
    await gotoReady(page, `/seguimiento?numero=${tracking}`);
    const progress = page.getByRole("list", { name: "Progreso del pedido" });
    await expect(progress.getByRole("listitem")).toHaveText([
      "En el local (estado actual)",
      "Enviando (pendiente)",
      "En reparto (pendiente)",
      "Entregado (pendiente)",
    ]);
    await expect(page.getByText("¿Dudas sobre tu pedido?")).toBeVisible();
    const ask = page.getByRole("link", { name: /Escríbenos por WhatsApp/ }).last();
    expect(whatsappText(await ask.getAttribute("href"))).toBe(
      `Hola, tengo una duda sobre mi pedido ${tracking}.`,
    );
    expect(await axeViolations(page, { feature: true })).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("tracking.png"), fullPage: true });

    await gotoReady(page, "/seguimiento?numero=TRK-2020-ZZZZZZ");
    await expect(page.getByRole("heading", { name: "¿No encuentras tu pedido?" })).toBeVisible();
    await expect(page.getByText("TRK-AAAA-XXXXXX")).toBeVisible();
    await expect(page.getByRole("link", { name: /Pedir ayuda por WhatsApp/ })).toBeVisible();
  });
  test("the progress follows every status live, and cancelado ends the line", async ({ page, staffPage }) => {
    const staff = await staffPage("admin");
    const customer = `Cliente ${newTag()}`;
    const created = await staff.request.post("/admin/orders", {
      form: { intent: "create", customerName: customer, orderDescription: "Caja 16x16x16" },
    });
    expect(created.status()).toBe(200);
    await gotoReady(staff, `/admin/orders?q=${encodeURIComponent(customer)}`);
    const row = staff
      .getByRole("row")
      .filter({ hasText: customer })
      .or(staff.getByRole("listitem").filter({ hasText: customer }))
      .first();
    const tracking = (await row.getByText(/^TRK-\d{4}-[A-Z0-9]{6}$/).textContent())?.trim() ?? "";
    expect(tracking).not.toBe("");

    await gotoReady(page, `/seguimiento?numero=${tracking}`);
    const progress = page.getByRole("list", { name: "Progreso del pedido" });
    const steps: [string, string[]][] = [
      [
        "Enviando",
        [
          "En el local (completado)",
          "Enviando (estado actual)",
          "En reparto (pendiente)",
          "Entregado (pendiente)",
        ],
      ],
      [
        "En reparto",
        [
          "En el local (completado)",
          "Enviando (completado)",
          "En reparto (estado actual)",
          "Entregado (pendiente)",
        ],
      ],
      [
        "Entregado",
        [
          "En el local (completado)",
          "Enviando (completado)",
          "En reparto (completado)",
          "Entregado (completado)",
        ],
      ],
    ];
    for (const [label, expected] of steps) {
      await staff.getByRole("button", { name: `Acciones del pedido ${tracking}` }).click();
      await staff.getByRole("menuitem", { name: `Cambiar a ${label}` }).click();
      // The visitor's page follows without a reload.
      await expect(progress.getByRole("listitem")).toHaveText(expected);
    }
    await staff.getByRole("button", { name: `Acciones del pedido ${tracking}` }).click();
    await staff.getByRole("menuitem", { name: "Cambiar a Cancelado" }).click();
    await expect(progress.getByRole("listitem").last()).toHaveText(/Cancelado \(estado actual\)/);
    await expect(progress.getByRole("listitem").filter({ hasText: "pendiente" })).toHaveCount(0);
  });
});
