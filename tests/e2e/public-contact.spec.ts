import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { captureMailto, gotoReady } from "./public-helpers";

// Contact /contact (docs/product.md §2.8).

/** Types into the contact form's fields, by label. */
async function fillContactForm(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
}

/** A visitor's name and e-mail, as typed into the form. */
const ANA = { Nombre: "Ana", Apellido: "Martínez", Email: "ana@example.com" };

test.describe("contact page", () => {
  test("hero and info card come from site text, with phone, e-mail and hours", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contáctenos" })).toBeVisible();
    await expect(page.getByText("¿Tienes preguntas sobre un envío o un producto?")).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByText("1234 SW 8th St, Miami, FL 33135").first()).toBeVisible();
    await expect(main.getByRole("link", { name: /^(\+1 )?\(305\) 555-0100$/ })).toHaveAttribute(
      "href",
      "tel:+13055550100",
    );
    await expect(main.getByRole("link", { name: "info@minimarketlatino.example" })).toHaveAttribute(
      "href",
      "mailto:info@minimarketlatino.example",
    );
    for (const text of ["Lunes a Viernes", "9:00 AM - 6:00 PM", "10:00 AM - 2:00 PM", "Cerrado"]) {
      await expect(main.getByText(text, { exact: true })).toBeVisible();
    }
  });

  test("directions open a maps search in a new tab; the map loads only on request", async ({ page }) => {
    await page.context().route("https://maps.google.com/**", (route) => route.fulfill({ body: "mapa" }));
    await gotoReady(page, "/contact");
    const directions = page.getByRole("link", { name: /Cómo llegar/ });
    await expect(directions).toHaveAttribute("target", "_blank");
    const href = new URL((await directions.getAttribute("href")) ?? "");
    expect(href.hostname).toBe("www.google.com");
    expect(href.searchParams.get("query")).toBe("1234 SW 8th St, Miami, FL 33135");
    await expect(page.locator("iframe")).toHaveCount(0);
    await page.getByRole("button", { name: "Mostrar mapa" }).click();
    await expect(page.locator("iframe[title^='Mapa']")).toHaveAttribute(
      "src",
      /maps\.google\.com.*output=embed/,
    );
  });

  test("missing fields are refused with the spec's message", async ({ page }) => {
    const mailto = await captureMailto(page);
    await gotoReady(page, "/contact");
    await expect(page.getByLabel("Nombre")).toHaveAttribute("required", "");
    await expect(page.getByLabel("Apellido")).toHaveAttribute("required", "");
    await fillContactForm(page, { Nombre: "Ana", Apellido: "Martínez" });
    await page.getByRole("button", { name: "Enviar Mensaje" }).click();
    await expect(page.getByText("Campos incompletos")).toBeVisible();
    await expect(page.getByText("Por favor, completa tu nombre, email y mensaje.")).toBeVisible();
    await expect(page.getByLabel("Email")).toBeFocused();
    expect(await mailto()).toBeNull();
  });

  test("sending opens a mailto link with the spec's subject and body, then clears the form", async ({
    page,
  }) => {
    const mailto = await captureMailto(page);
    await page.clock.install();
    await gotoReady(page, "/contact");
    await fillContactForm(page, { ...ANA, Mensaje: "¿Cuánto cuesta una caja 20x20x20 a Managua?" });
    // The busy label lasts the 1.2 s given to the mail app: the page's clock stands still until it has
    // been seen, so a slow machine cannot miss it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.getByRole("button", { name: "Enviar Mensaje" }).click();
    await expect(page.getByRole("button", { name: "Abriendo correo..." })).toBeDisabled();
    await page.clock.resume();
    await expect(page.getByText("Abriendo cliente de correo")).toBeVisible();
    await expect.poll(mailto).not.toBeNull();
    const url = new URL((await mailto()) ?? "");
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("info@minimarketlatino.example");
    expect(url.searchParams.get("subject")).toBe("Nuevo mensaje de Ana Martínez");
    const body = url.searchParams.get("body") ?? "";
    expect(body).toContain("Nombre: Ana Martínez");
    expect(body).toContain("Email: ana@example.com");
    expect(body).toContain("Teléfono: No proporcionado");
    expect(body).toContain("¿Cuánto cuesta una caja 20x20x20 a Managua?");
    await expect(page.getByRole("button", { name: "Enviar Mensaje" })).toBeEnabled();
    for (const label of ["Nombre", "Apellido", "Email", "Mensaje"]) {
      await expect(page.getByLabel(label)).toHaveValue("");
    }
  });

  test("a phone number given goes into the message", async ({ page }) => {
    const mailto = await captureMailto(page);
    await gotoReady(page, "/contact");
    await fillContactForm(page, {
      Nombre: "José",
      Apellido: "Ramírez",
      Email: "jose@example.com",
      "Teléfono (opcional)": "+505 8888 1234",
      Mensaje: "Hola",
    });
    await page.getByRole("button", { name: "Enviar Mensaje" }).click();
    await expect.poll(mailto).not.toBeNull();
    expect(new URL((await mailto()) ?? "").searchParams.get("body")).toContain("Teléfono: +505 8888 1234");
  });

  test("when the mail app cannot be opened, the visitor is told and keeps the text", async ({ page }) => {
    await page.addInitScript(() => {
      HTMLAnchorElement.prototype.click = () => {
        throw new Error("sin cliente de correo");
      };
    });
    await gotoReady(page, "/contact");
    await fillContactForm(page, { ...ANA, Mensaje: "Hola" });
    await page.getByRole("button", { name: "Enviar Mensaje" }).click();
    await expect(
      page.getByText(
        "No se pudo abrir tu cliente de correo. Por favor, copia la información y envíala manualmente.",
      ),
    ).toBeVisible();
    await expect(page.getByLabel("Mensaje")).toHaveValue("Hola");
    await expect(page.getByRole("button", { name: "Enviar Mensaje" })).toBeEnabled();
  });
});
