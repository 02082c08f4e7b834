import { PUBLIC_PAGES as REGISTRY } from "../../app/lib/pages";
import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// Defects found when the site was tried on phones.
// Every public page with a URL of its own (the registry's, the sign-in included).
const PUBLIC_PAGES = REGISTRY.filter((p) => !p.path.includes(":")).map((p) => p.path);

test.describe("visitor defects", () => {
  for (const width of [320, 360, 375]) {
    test(`no public page is wider than a ${width} px screen`, async ({ browser, server }) => {
      const context = await browser.newContext({ viewport: { width, height: 740 }, baseURL: server.baseURL });
      const page = await context.newPage();
      for (const path of PUBLIC_PAGES) {
        await gotoReady(page, path);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(width);
      }
      await context.close();
    });
  }

  test("the quote link must be a link: plain text never reaches '¡Casi listo!'", async ({ page }) => {
    await gotoReady(page, "/tienda-externa");
    const field = page.getByLabel("Enlace del producto en Amazon");
    await field.fill("esto no es un enlace");
    await page.getByRole("button", { name: "Solicitar Cotización" }).click();
    await expect(page.getByText(/^Esto no es un enlace/).first()).toBeVisible();
    await expect(page.getByRole("dialog", { name: "¡Casi listo!" })).toBeHidden();
    await expect(field).toHaveAttribute("aria-invalid", "true");
  });

  test("the contact e-mail must be an address", async ({ page }) => {
    await gotoReady(page, "/contact");
    await page.getByLabel("Nombre", { exact: false }).first().fill("Ana");
    await page.getByLabel(/^Apellido/).fill("Ruiz");
    await page.getByLabel(/^Email/).fill("no-es-un-email");
    await page.getByLabel(/^Mensaje/).fill("Hola");
    await page.getByRole("button", { name: "Enviar Mensaje" }).click();
    await expect(page.getByLabel(/^Email/)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(/^Introduce un email válido/).first()).toBeVisible();
  });

  test("the chat button is on /admin-login, a public page", async ({ page }) => {
    await gotoReady(page, "/admin-login");
    await expect(page.getByRole("button", { name: "Abrir chat" })).toBeVisible();
  });

  test("favicon, icons and the web manifest are served in the site's colours", async ({ request }) => {
    const ico = await request.get("/favicon.ico", { maxRedirects: 0 });
    expect(ico.status()).toBe(200);
    for (const path of ["/favicon.svg", "/apple-touch-icon.png", "/icon-192.png", "/icon-512.png"]) {
      expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
    }
    const manifest = await (await request.get("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({ theme_color: "#1f7a45", lang: "es", start_url: "/" });
  });

  test("the 'Tienda' menu blurb describes what the shop sells", async ({ page }) => {
    await gotoReady(page, "/");
    expect(await page.content()).not.toContain("frescos y de despensa");
  });
});
