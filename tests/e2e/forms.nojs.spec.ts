import { expect, test } from "./fixtures";
import { createOrder, inboxText } from "./public-helpers";

// Every public form with JavaScript off (the "no-js" project), end to end: results, the inbox entry,
// the redirect target (docs/decisions/0021-early-taps-and-forms-first.md).

const newTag = () => `nj${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe("public forms without JavaScript", () => {
  test("contact: the message reaches the inbox, the answer says so and offers the e-mail; nothing personal in a URL", async ({
    page,
    staffRequest,
  }) => {
    const tag = newTag();
    const sent = {
      Nombre: `Ana${tag}`,
      Apellido: "Martínez",
      Email: `ana.${tag}@example.com`,
      "Teléfono (opcional)": "+505 8888 1234",
      Mensaje: `¿Cuánto cuesta una caja a Managua? ${tag}`,
    };
    const urls: string[] = [];
    page.on("request", (r) => urls.push(r.url()));
    await page.goto("/contact");
    for (const [label, value] of Object.entries(sent)) await page.getByLabel(label).fill(value);
    await page.getByRole("button", { name: "Enviar Mensaje" }).click();

    await expect(page.getByRole("heading", { name: "Mensaje recibido" })).toBeVisible();
    await expect(
      page.getByText(`Tu mensaje llegó a nuestro equipo. Te responderemos a ${sent.Email}.`),
    ).toBeVisible();
    // Nothing typed in the address: the page and the fragment that brings the answer into view.
    expect(page.url()).toMatch(/\/contact#mensaje$/);
    const mail = new URL(
      (await page.getByRole("link", { name: "Enviar también por correo" }).getAttribute("href")) ?? "",
    );
    expect(mail.protocol).toBe("mailto:");
    expect(mail.pathname).toBe("info@minimarketlatino.example");
    expect(mail.searchParams.get("subject")).toBe(`Nuevo mensaje de Ana${tag} Martínez`);
    expect(mail.searchParams.get("body")).toContain(sent.Mensaje);
    expect(mail.searchParams.get("body")).toContain("Teléfono: +505 8888 1234");

    const inbox = await inboxText(await staffRequest("admin"));
    expect(inbox).toContain(`Ana${tag} Martínez (formulario)`);
    // No request the form made carries the name, e-mail, phone or message in its address.
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls.map(decodeURIComponent)) {
      for (const value of [tag, "Martínez", "8888", "Managua"]) expect(url).not.toContain(value);
    }
  });

  test("contact: a missing field is marked on the answer, and what was typed stays", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Nombre").fill("Ana");
    await page.getByLabel("Email").fill("no-es-un-email");
    await page.getByLabel("Mensaje").fill("Hola");
    await page.getByRole("button", { name: "Enviar Mensaje" }).click();
    await expect(page.getByRole("alert").getByText("Campos incompletos")).toBeVisible();
    await expect(page.getByText("Por favor, completa tu nombre, email y mensaje.")).toBeVisible();
    await expect(page.getByLabel("Apellido")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Este campo es obligatorio.")).toBeVisible();
    await expect(page.getByLabel("Nombre")).toHaveValue("Ana");
    await expect(page.getByLabel("Mensaje")).toHaveValue("Hola");
    await expect(page.getByLabel("Email")).toHaveValue("no-es-un-email");
    await expect(page.getByText("Introduce un email válido, p. ej. nombre@correo.com.")).toBeVisible();
  });

  test("external stores: the tabs are links, and a quote goes to WhatsApp with the dialog's text", async ({
    page,
  }) => {
    await page.goto("/tienda-externa");
    await expect(page.getByLabel("Enlace del producto en Amazon")).toBeVisible();
    await page.getByRole("navigation", { name: "Tiendas" }).getByRole("link", { name: "SHEIN" }).click();
    await expect(page).toHaveURL("/tienda-externa?tienda=shein");
    await expect(page.getByRole("heading", { name: "Paso 1: Visita SHEIN" })).toBeVisible();
    const link = "https://us.shein.com/vestido-p-123.html";
    await page.getByLabel("Enlace del producto en SHEIN").fill(`Mira este vestido ${link}`);
    // WhatsApp is outside the test network: the page's navigation to it is what counts (it goes out
    // and fails, which is fine here; the headless shell gives a redirect's target to no route handler).
    const toWhatsApp = page.waitForRequest((req) => req.url().startsWith("https://wa.me/"));
    await page.getByRole("button", { name: "Solicitar Cotización" }).click();
    const request = await toWhatsApp;
    expect(request.isNavigationRequest() && request.frame() === page.mainFrame()).toBe(true);
    const to = new URL(request.url());
    expect(to.origin + to.pathname).toBe("https://wa.me/13055550100");
    expect(to.searchParams.get("text")).toBe(`Hola, quiero cotizar este producto de SHEIN: ${link}`);
  });

  test("external stores: text without a link is refused by the field and stays", async ({ page }) => {
    await page.goto("/tienda-externa?tienda=shein");
    await page.getByLabel("Enlace del producto en SHEIN").fill("un vestido rojo");
    await page.getByRole("button", { name: "Solicitar Cotización" }).click();
    await expect(page).toHaveURL("/tienda-externa?tienda=shein#panel-shein");
    await expect(page.getByText(/^Esto no es un enlace/)).toBeVisible();
    await expect(page.getByLabel("Enlace del producto en SHEIN")).toHaveValue("un vestido rojo");
  });

  test("tracking: the number finds the order", async ({ page, staffRequest }) => {
    const tracking = await createOrder(await staffRequest("admin"), `Cliente ${newTag()}`);
    await page.goto("/seguimiento");
    await page.getByLabel("Número de tracking").fill(tracking.toLowerCase());
    await page.getByRole("button", { name: "Consultar" }).click();
    await expect(page.getByRole("heading", { name: tracking })).toBeVisible();
    await expect(page.getByTestId("tracking-status")).toHaveText("En el local");
    await expect(page.getByLabel("Número de tracking")).toHaveValue(tracking);
  });

  test("shop: the search and the category links filter the products", async ({ page }) => {
    await page.goto("/tienda");
    await page.getByRole("searchbox", { name: "Buscar productos" }).fill("hamaca");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL("/tienda?q=hamaca");
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article")).toContainText("Hamaca Tejida de Masaya");
    await page.getByRole("navigation", { name: "Categorías" }).getByRole("link", { name: "Todos" }).click();
    await expect(page.getByRole("article")).toHaveCount(1);
    await page.getByRole("searchbox", { name: "Buscar productos" }).fill("");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.getByRole("navigation", { name: "Categorías" }).getByRole("link", { name: "Comida" }).click();
    await expect(page).toHaveURL(/categoria=comida/);
    await expect(page.getByRole("article").filter({ hasText: "Rosquillas Somoteñas" })).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: "Hamaca" })).toHaveCount(0);
  });

  test("services: the calculator finds the box", async ({ page }) => {
    await page.goto("/servicios");
    await page.getByLabel("Largo (pulg.)").fill("10");
    await page.getByLabel("Ancho (pulg.)").fill("12");
    await page.getByLabel("Alto (pulg.)").fill("8");
    await page.getByRole("button", { name: "Calcular caja" }).click();
    await expect(page.getByText(/Tu paquete cabe en la caja de/)).toBeVisible();
    await expect(page.getByLabel("Largo (pulg.)")).toHaveValue("10");
    await expect(page.getByRole("link", { name: /Solicitar esta caja/ })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/13055550100\?text=/,
    );
  });

  test("menus: the phone menu and the desktop 'Tienda' submenu open and lead on", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    const menu = page.getByRole("dialog", { name: "Mini Market Latino" });
    await expect(menu.getByRole("link", { name: "Personal Shop" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await menu.getByRole("link", { name: "Contáctenos" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(menu).toBeHidden();

    await page.setViewportSize({ width: 1280, height: 800 });
    const banner = page.getByRole("banner");
    await banner.getByRole("button", { name: "Tienda" }).click();
    await banner.getByRole("link", { name: /Tiendas Externas/ }).click();
    await expect(page).toHaveURL("/tienda-externa");
  });
});
