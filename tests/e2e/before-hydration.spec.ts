import { expect, test } from "./fixtures";
import { holdHydration } from "./hydration";
import { captureMailto, createOrder, inboxText } from "./public-helpers";

// What a visitor does on the eight public pages before they hydrate (a slow phone: painted at
// once, scripts seconds later) is not lost: every field keeps what was typed and the page acts on
// it once hydrated; every form posted or tapped early does its job; every tap on a script control is
// replayed once (docs/decisions/0021-early-taps-and-forms-first.md). holdHydration() keeps the
// page in that moment while the test types, taps and submits.

const newTag = () => `bh${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const phone = () => test.info().project.name === "phone";

test.describe("before the page hydrates", () => {
  test.beforeEach(async ({ page }) => {
    await page.context().route("https://wa.me/**", (route) => route.fulfill({ body: "WhatsApp" }));
  });

  test("shell: the menu opens at once and stays open; the cart and chat taps are replayed", async ({
    page,
  }) => {
    const held = await holdHydration(page);
    await held.goto("/personal-shop");
    const banner = page.getByRole("banner");
    if (phone()) {
      await banner.getByRole("button", { name: "Abrir menú" }).click();
      await expect(page.getByRole("dialog", { name: "Mini Market Latino" })).toBeVisible();
      await held.hydrate();
      const menu = page.getByRole("dialog", { name: "Mini Market Latino" });
      await expect(menu).toBeVisible();
      await menu.getByRole("link", { name: "Nuestra Tienda" }).click();
      await expect(page).toHaveURL("/tienda");
      await expect(menu).toBeHidden();
    } else {
      await banner.getByRole("button", { name: "Tienda" }).click();
      await expect(banner.getByRole("link", { name: /Tiendas Externas/ })).toBeVisible();
      await held.hydrate();
      await banner.getByRole("link", { name: /Tiendas Externas/ }).click();
      await expect(page).toHaveURL("/tienda-externa");
      await expect(banner.getByRole("link", { name: /Tiendas Externas/ })).toBeHidden();
    }
    // Hydrated now: the cart and the chat, each tapped once while the next page is held.
    const next = await holdHydration(page);
    await next.goto("/nosotros");
    await page.getByRole("button", { name: "Carrito vacío" }).click();
    await next.hydrate();
    await expect(page.getByRole("dialog", { name: "Tu carrito" })).toBeVisible();
    await expect(page.getByText("Tu carrito está vacío.")).toBeVisible();
  });

  test("the chat button tapped early opens the chat once", async ({ page }) => {
    const held = await holdHydration(page);
    await held.goto("/personal-shop");
    await page.getByRole("button", { name: "Abrir chat" }).click();
    await held.hydrate();
    await expect(page.getByRole("dialog").getByText("¿Tiene preguntas? Me gustaría ayudarle.")).toBeVisible();
    await expect(page.locator('button[aria-label="Abrir chat"]')).toHaveAttribute("aria-expanded", "true");
  });

  test("a tap on the chat button while React hydrates but before the page is marked opens it once", async ({
    page,
  }) => {
    const held = await holdHydration(page);
    await held.goto("/");
    await held.hydrate(() => page.getByRole("button", { name: "Abrir chat" }).click());
    await expect(page.getByRole("dialog").getByText("¿Tiene preguntas? Me gustaría ayudarle.")).toBeVisible();
    await expect(page.locator('button[aria-label="Abrir chat"]')).toHaveAttribute("aria-expanded", "true");
  });

  test("landing: a carousel dot tapped early shows its picture once hydrated", async ({ page }) => {
    const held = await holdHydration(page);
    await held.goto("/");
    await page.getByRole("button", { name: "Ir a la imagen 2" }).click();
    await held.hydrate();
    await expect(page.getByRole("button", { name: "Ir a la imagen 2" })).toHaveAttribute(
      "aria-current",
      "true",
    );
  });

  test("shop: a search typed early is applied once hydrated; two products added early are in the cart", async ({
    page,
  }) => {
    const held = await holdHydration(page);
    await held.goto("/tienda");
    const search = page.getByRole("searchbox", { name: "Buscar productos" });
    await search.fill("hamaca");
    const card = (name: string) => page.getByRole("article").filter({ hasText: name });
    await card("Rosquillas Somoteñas").getByRole("button", { name: "Añadir al Carrito" }).click();
    await card("Café Presto").getByRole("button", { name: "Añadir al Carrito" }).click();
    await held.hydrate();
    // Each replayed tap waits for what the one before it loaded (the toasts' code) and for the
    // page to stand still (up to 2 s, app/lib/early-taps.ts); the search comes after the taps.
    await expect(page.locator("html")).toHaveAttribute("data-taps-replayed", "2", { timeout: 15_000 });
    await expect(page).toHaveURL("/tienda?q=hamaca");
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(search).toHaveValue("hamaca");
    await expect(page.getByRole("button", { name: "Carrito: 2 productos" })).toBeVisible();
  });

  test("shop: a search sent early is a plain search", async ({ page }) => {
    const held = await holdHydration(page);
    await held.goto("/tienda");
    await page.getByRole("searchbox", { name: "Buscar productos" }).fill("rosquillas");
    await page.getByRole("searchbox", { name: "Buscar productos" }).press("Enter");
    await expect(page).toHaveURL("/tienda?q=rosquillas");
    await expect(page.getByRole("article")).toHaveCount(1);
    await held.hydrate();
    await expect(page.getByRole("searchbox", { name: "Buscar productos" })).toHaveValue("rosquillas");
  });

  test("external stores: a link typed early stays and opens the dialog; a tab tapped early is followed", async ({
    page,
  }) => {
    const held = await holdHydration(page);
    await held.goto("/tienda-externa");
    await page.getByRole("navigation", { name: "Tiendas" }).getByRole("link", { name: "SHEIN" }).click();
    await expect(page).toHaveURL("/tienda-externa?tienda=shein");
    const link = "https://us.shein.com/vestido-p-123.html";
    await page.getByLabel("Enlace del producto en SHEIN").fill(link);
    await held.hydrate();
    await expect(page.getByLabel("Enlace del producto en SHEIN")).toHaveValue(link);
    await page.getByRole("button", { name: "Solicitar Cotización" }).click();
    await expect(page.getByRole("dialog", { name: "¡Casi listo!" })).toContainText(link);
  });

  test("external stores: a quote sent early goes to WhatsApp", async ({ page }) => {
    const held = await holdHydration(page);
    await held.goto("/tienda-externa");
    await page.getByLabel("Enlace del producto en Amazon").fill("https://www.amazon.com/dp/B0TEST1234");
    // WhatsApp is not reachable from the test machine: the page's navigation to it is what counts.
    const toWhatsApp = page.waitForRequest((req) => req.url().startsWith("https://wa.me/"));
    await page.getByRole("button", { name: "Solicitar Cotización" }).click();
    const request = await toWhatsApp;
    expect(request.isNavigationRequest() && request.frame() === page.mainFrame()).toBe(true);
    expect(new URL(request.url()).searchParams.get("text")).toBe(
      "Hola, quiero cotizar este producto de Amazon: https://www.amazon.com/dp/B0TEST1234",
    );
  });

  test("personal shop: the WhatsApp button is a link from the start", async ({ page }) => {
    const held = await holdHydration(page);
    await held.goto("/personal-shop");
    await expect(page.getByRole("link", { name: /Comenzar Compra Personal/ })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/13055550100\?text=/,
    );
    await held.hydrate();
  });

  test("about: a photo tapped early opens the lightbox; the carousel's pause is replayed", async ({
    page,
  }) => {
    const held = await holdHydration(page);
    await held.goto("/nosotros");
    const carousel = page.getByRole("region", { name: "Fotos de nuestros clientes" });
    await carousel.getByRole("button", { name: "Pausar carrusel" }).click();
    await carousel.getByRole("button", { name: /^Ampliar foto 1 de/ }).click();
    await held.hydrate();
    await expect(page.getByRole("dialog", { name: /^Foto 1 de/ })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(carousel.getByRole("button", { name: "Reanudar carrusel" })).toBeVisible();
  });

  test("services: measurements typed early stay and are calculated; sent early, the page answers", async ({
    page,
  }) => {
    const held = await holdHydration(page);
    await held.goto("/servicios");
    await page.getByLabel("Largo (pulg.)").fill("10");
    await page.getByLabel("Ancho (pulg.)").fill("12");
    await page.getByLabel("Alto (pulg.)").fill("8");
    await page.getByRole("button", { name: "Calcular caja" }).click();
    await expect(page.getByText(/Tu paquete cabe en la caja de/)).toBeVisible();
    await expect(page).toHaveURL(/largo=10&ancho=12&alto=8/);
    await page.getByLabel("Alto (pulg.)").fill("80");
    await held.hydrate();
    await expect(page.getByLabel("Alto (pulg.)")).toHaveValue("80");
    await page.getByRole("button", { name: "Calcular caja" }).click();
    await expect(page.getByText(/Tu paquete no cabe en ninguna de nuestras cajas/)).toBeVisible();
  });

  test("tracking: a number typed early stays and is looked up; sent early, the result shows", async ({
    page,
    staffRequest,
  }) => {
    const staff = await staffRequest("admin");
    const [first, second] = [
      await createOrder(staff, `Cliente ${newTag()}`),
      await createOrder(staff, `Cliente ${newTag()}`),
    ];
    const held = await holdHydration(page);
    await held.goto("/seguimiento");
    const field = page.getByLabel("Número de tracking");
    await field.fill(first);
    await page.getByRole("button", { name: "Consultar" }).click();
    await expect(page.getByRole("heading", { name: first })).toBeVisible();
    await field.fill(second.toLowerCase());
    await held.hydrate();
    await expect(field).toHaveValue(second.toLowerCase());
    await page.getByRole("button", { name: "Consultar" }).click();
    await expect(page.getByRole("heading", { name: second })).toBeVisible();
    await expect(field).toHaveValue(second);
  });

  test("contact: every field typed early stays and goes into the mail; the map button is replayed", async ({
    page,
  }) => {
    const mailto = await captureMailto(page);
    await page.context().route("https://maps.google.com/**", (route) => route.fulfill({ body: "mapa" }));
    const held = await holdHydration(page);
    await held.goto("/contact");
    const typed = {
      Nombre: "Ana",
      Apellido: "Martínez",
      Email: "ana@example.com",
      "Teléfono (opcional)": "+505 8888 1234",
      Mensaje: "¿Envían a León?",
    };
    for (const [label, value] of Object.entries(typed)) await page.getByLabel(label).fill(value);
    await page.getByRole("button", { name: "Mostrar mapa" }).click();
    await held.hydrate();
    await expect(page.locator("iframe[title^='Mapa']")).toBeVisible();
    for (const [label, value] of Object.entries(typed))
      await expect(page.getByLabel(label)).toHaveValue(value);
    await page.getByRole("button", { name: "Enviar Mensaje" }).click();
    await expect.poll(mailto).not.toBeNull();
    const body = new URL((await mailto()) ?? "").searchParams.get("body") ?? "";
    expect(body).toContain("Nombre: Ana Martínez");
    expect(body).toContain("Teléfono: +505 8888 1234");
    expect(body).toContain("¿Envían a León?");
  });

  test("contact: a message sent early reaches the inbox and the answer offers the e-mail", async ({
    page,
    staffRequest,
  }) => {
    const tag = newTag();
    const urls: string[] = [];
    page.on("request", (r) => urls.push(decodeURIComponent(r.url())));
    const held = await holdHydration(page);
    await held.goto("/contact");
    await page.getByLabel("Nombre").fill(`Ana${tag}`);
    await page.getByLabel("Apellido").fill("Martínez");
    await page.getByLabel("Email").fill(`ana.${tag}@example.com`);
    await page.getByLabel("Mensaje").fill(`Hola ${tag}`);
    await page.getByRole("button", { name: "Enviar Mensaje" }).click();
    await expect(page.getByRole("heading", { name: "Mensaje recibido" })).toBeVisible();
    await held.hydrate();
    await expect(page.getByRole("link", { name: "Enviar también por correo" })).toHaveAttribute(
      "href",
      /^mailto:info@minimarketlatino\.example\?subject=/,
    );
    expect(await inboxText(await staffRequest("admin"))).toContain(`Ana${tag} Martínez (formulario)`);
    for (const url of urls) expect(url).not.toContain(tag);
  });
});
