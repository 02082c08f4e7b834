import { expect, test, testHook } from "./fixtures";
import { gotoReady } from "./public-helpers";

test.describe("site shell", () => {
  test("every public page has the shell, its title and the chat button", async ({ page }) => {
    const pages: Record<string, string> = {
      "/": "Tu mini market latino en Miami",
      "/tienda": "Nuestra Tienda",
      "/tienda-externa": "Tiendas Externas",
      "/personal-shop": "Personal Shop",
      "/nosotros": "Nosotros",
      "/servicios": "Nuestros Servicios",
      "/seguimiento": "Seguimiento de Pedido",
      "/contact": "Contáctenos",
    };
    for (const [path, heading] of Object.entries(pages)) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText("Todos los derechos reservados.");
      await expect(page.getByRole("button", { name: "Abrir chat" })).toBeVisible();
    }
  });

  test("the footer shows contact details and hours from site text", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: /^(\+1 )?\(305\) 555-0100$/ })).toHaveAttribute(
      "href",
      "tel:+13055550100",
    );
    await expect(footer.getByRole("link", { name: "info@minimarketlatino.example" })).toHaveAttribute(
      "href",
      "mailto:info@minimarketlatino.example",
    );
    await expect(footer).toContainText("9:00 AM - 6:00 PM");
    await expect(footer).toContainText("Cerrado");
  });

  test.describe(() => {
    test.use({ signedInAs: "admin" });

    test("a data failure shows the error screen; public pages fall back to defaults", async ({ page }) => {
      await testHook(page.request, "faults", { db: true });
      try {
        await page.goto("/admin/users");
        await expect(page.getByRole("heading", { name: "Error al Cargar Datos" })).toBeVisible();
        await expect(page.getByText("No se pudo verificar la sesión")).toBeVisible();
        await expect(page.getByRole("link", { name: "Recargar página" })).toBeVisible();
        // Site text and settings fall back to their defaults: a page without data of its own still
        // works (the landing page's hero images are data: docs/product.md §2 sends it to the error screen).
        await page.goto("/servicios");
        await expect(page.getByRole("heading", { level: 1, name: "Nuestros Servicios" })).toBeVisible();
      } finally {
        await testHook(page.request, "faults", { db: false });
      }
      await page.goto("/admin/users");
      await expect(page.getByRole("heading", { name: "Vista de Operadores" })).toBeVisible();
    });
  });

  test("robots.txt keeps crawlers out of the staff area and points to the sitemap", async ({ request }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin");
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    expect(await sitemap.text()).toContain("/seguimiento</loc>");
  });

  test("the health check reports the database", async ({ request }) => {
    const res = await request.get("/healthz");
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: "pglite" });
  });

  test("scripts arrive pre-compressed and start after the first paint; a missing build file is a 404", async ({
    page,
    request,
  }) => {
    const res = await request.get("/");
    const html = await res.text();
    // Public pages list their scripts in the starter instead of preloading them with the HTML.
    expect(html).not.toContain('<link rel="modulepreload"');
    // The vendor file (React, React Router): the entry itself is a few hundred bytes, sent as is.
    const script = /"(\/assets\/vendor-[^"]+\.js)"/.exec(html)?.[1] ?? "";
    expect(script).not.toBe("");
    const js = await request.get(script, { headers: { "accept-encoding": "br" } });
    expect(js.headers()["content-encoding"]).toBe("br");
    expect(js.headers()["cache-control"]).toContain("immutable");
    expect((await request.get("/assets/no-such-chunk-123.js")).status()).toBe(404);
    // In the browser no script is requested before the first paint (or the load event, when a
    // busy machine reports the paint after it), and the page comes alive.
    await gotoReady(page, "/");
    const { started, scripts } = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByName("first-paint")[0]?.startTime ?? nav.loadEventStart;
      return {
        started: Math.min(paint, nav.loadEventStart),
        scripts: performance
          .getEntriesByType("resource")
          .filter((e) => e.name.includes("/assets/") && e.name.endsWith(".js"))
          .map((e) => e.startTime),
      };
    });
    expect(scripts.length).toBeGreaterThan(3);
    expect(Math.min(...scripts)).toBeGreaterThanOrEqual(started);
    await expect(page.getByRole("link", { name: "Ir a la Tienda" })).toBeVisible();
  });
});
