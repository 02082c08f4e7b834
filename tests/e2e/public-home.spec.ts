import type { Page } from "@playwright/test";
import { expect, test, testHook } from "./fixtures";
import { gotoReady } from "./public-helpers";

// Landing page (docs/product.md §2.2): the hero carousel and its controls, the sections, link previews.

/** The slide on screen: hidden slides are aria-hidden, so only one 'n de N' group is exposed. */
const shownSlide = (page: Page) => page.getByRole("group", { name: /^\d+ de \d+$/ });

async function slideCount(page: Page): Promise<number> {
  const label = await shownSlide(page).getAttribute("aria-label");
  return Number(label?.split(" de ")[1]);
}

test.describe("landing page", () => {
  test("the first hero image is server-rendered, sized for the screen and loaded first", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    const img = (html.match(/<img[^>]*hero-main[^>]*>/)?.[0] ?? "").toLowerCase();
    expect(img).toContain('fetchpriority="high"');
    expect(img).toMatch(/srcset="[^"]*640w[^"]*1280w[^"]*1920w"/);
    expect(img).toContain('sizes="');
    expect(img).not.toContain('loading="lazy"');
    expect(html).toContain("<h1");
    // Only the first image is in the markup: the others load after the page, off the critical path.
    expect(html).not.toMatch(/<img[^>]*hero-gallery/);
  });

  test("arrows and dots move between slides and wrap both ways", async ({ page }) => {
    await gotoReady(page, "/");
    const n = await slideCount(page);
    expect(n).toBeGreaterThan(1);
    await expect(shownSlide(page)).toHaveAttribute("aria-label", `1 de ${n}`);
    await page.getByRole("button", { name: "Imagen anterior" }).click();
    await expect(shownSlide(page)).toHaveAttribute("aria-label", `${n} de ${n}`);
    await expect(shownSlide(page).getByRole("img")).toBeVisible();
    await page.getByRole("button", { name: "Imagen siguiente" }).click();
    await expect(shownSlide(page)).toHaveAttribute("aria-label", `1 de ${n}`);
    await page.getByRole("button", { name: "Imagen siguiente" }).click();
    await expect(shownSlide(page)).toHaveAttribute("aria-label", `2 de ${n}`);
    await page.getByRole("button", { name: `Ir a la imagen ${n}` }).click();
    await expect(shownSlide(page)).toHaveAttribute("aria-label", `${n} de ${n}`);
    await expect(page.getByRole("button", { name: `Ir a la imagen ${n}` })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await page.getByRole("button", { name: "Imagen siguiente" }).click();
    await expect(shownSlide(page)).toHaveAttribute("aria-label", `1 de ${n}`);
  });

  test("autoplay advances on its own and the pause button stops it", async ({ page }) => {
    await gotoReady(page, "/");
    const carousel = page.getByRole("region", { name: "Presentación" });
    await expect(carousel).toHaveAttribute("data-autoplay", "playing");
    // Default delay 5000 ms (docs/product.md §5), plus the 1.5 s fade.
    await expect(shownSlide(page)).toHaveAttribute("aria-label", /^2 de/, { timeout: 9000 });
    await page.getByRole("button", { name: "Pausar carrusel" }).click();
    await expect(carousel).toHaveAttribute("data-autoplay", "stopped");
    await expect(page.getByRole("button", { name: "Reanudar carrusel" })).toBeVisible();
  });

  test("hero text, the shop button and the two sections", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Tu mini market latino en Miami" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Ir a la Tienda" }).click();
    await expect(page).toHaveURL("/tienda");
    await page.goto("/");
    const services = page.getByRole("region", { name: "Nuestros Servicios" });
    await expect(services.getByRole("listitem")).toHaveCount(4);
    await expect(services).toContainText("Amazon, SHEIN y Walmart");
    await expect(services).toContainText("Nicaragua, Costa Rica, Guatemala y Honduras");
    const why = page.getByRole("region", { name: /Por Qué Elegir/ });
    await expect(why.getByRole("heading", { level: 3 })).toHaveText([
      "Productos Frescos Diarios",
      "Entregas Rápidas en Miami",
      "Precios Competitivos",
    ]);
  });

  test("a failed hero image load shows the data error screen", async ({ page }) => {
    await testHook(page.request, "faults", { db: true });
    try {
      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Error al Cargar Datos" })).toBeVisible();
      await expect(page.getByText("Hero images fetch error")).toBeVisible();
      await page.goto("/nosotros");
      await expect(page.getByText("About us carousel fetch error")).toBeVisible();
      // Pages without their own data fall back to the default texts.
      await page.goto("/servicios");
      await expect(page.getByRole("heading", { level: 1, name: "Nuestros Servicios" })).toBeVisible();
    } finally {
      await testHook(page.request, "faults", { db: false });
    }
  });
});

test.describe("findable and shareable", () => {
  const PAGES = [
    ["/", "Tu mini market latino en Miami"],
    ["/tienda-externa", "Tiendas Externas"],
    ["/personal-shop", "Personal Shop"],
    ["/nosotros", "Nosotros"],
    ["/servicios", "Servicios"],
    ["/contact", "Contáctenos"],
  ] as const;

  test("each page has its own title, description and Open Graph tags", async ({ page }) => {
    const descriptions = new Set<string>();
    for (const [path, title] of PAGES) {
      await page.goto(path);
      await expect(page).toHaveTitle(new RegExp(title));
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length, path).toBeGreaterThan(40);
      descriptions.add(description ?? "");
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", new RegExp(title));
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
        "content",
        description ?? "",
      );
    }
    expect(descriptions.size).toBe(PAGES.length);
    await page.goto("/");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /^http.*hero-main.*\.webp$/,
    );
  });

  test("the landing and contact pages describe the business for search engines", async ({ page }) => {
    for (const path of ["/", "/contact"]) {
      await page.goto(path);
      const json = await page.locator('script[type="application/ld+json"]').first().textContent();
      const data = JSON.parse(json ?? "{}");
      expect(data["@type"]).toContain("LocalBusiness");
      expect(data).toMatchObject({
        telephone: "+13055550100",
        address: { streetAddress: "1234 SW 8th St", addressLocality: "Miami", postalCode: "33135" },
      });
      expect(data.openingHoursSpecification).toContainEqual(
        expect.objectContaining({ dayOfWeek: ["Saturday"], opens: "10:00", closes: "14:00" }),
      );
    }
  });
});
