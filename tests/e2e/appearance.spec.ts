import type { Page } from "@playwright/test";
import sharp from "sharp";
import { axeViolations } from "./axe";
import { expect, test, testHook } from "./fixtures";
import { gotoReady } from "./public-helpers";

// The 'Apariencia' tab and the banner of /admin/content (docs/product.md §3.2, §3.5): what the owner
// changes shows on every visitor's pages. The settings are shared by the worker's tests: each test
// puts the defaults back.

const logoPng = () =>
  sharp({ create: { width: 600, height: 200, channels: 4, background: "#c0392b" } })
    .png()
    .toBuffer();
const bannerJpeg = (color: string) =>
  sharp({ create: { width: 1920, height: 1080, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

async function openAppearanceTab(page: Page) {
  await gotoReady(page, "/admin/apariencia");
  return page.getByRole("form", { name: "Apariencia del Sitio" });
}

const cssVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

test.describe("appearance", () => {
  test.use({ signedInAs: "admin" });
  test.afterEach(async ({ request }) => {
    await testHook(request, "site-settings");
  });

  test("colours and the font reach the visitor's pages; weak contrast is warned about as it is typed", async ({
    page,
    visitorPhone,
  }) => {
    const form = await openAppearanceTab(page);
    await expect(form.getByRole("heading", { name: "Colores del Sitio (HSL)" })).toBeVisible();
    await expect(form.getByText(/ej: .*262 84% 58%/).first()).toBeVisible();
    // The picker's hex becomes HSL in the text field.
    await form.getByLabel("Selector: color principal").fill("#1f3a93");
    await expect(form.getByLabel("Color principal", { exact: true })).toHaveValue("226 65% 35%");
    await form.getByLabel("Color del texto", { exact: true }).fill("40 20% 85%");
    // Weak contrast is shown as it is typed, with the box to save anyway.
    await expect(form.getByText("Con estos colores no se lee bien:")).toBeVisible();
    await expect(form.getByLabel("Guardar aunque se lea mal")).toBeVisible();
    // Saving them is refused by the colour to change (which two colours, how badly), and the box
    // that saves them anyway is by the message that names it.
    await form.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(form.getByLabel("Color del texto", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText(/^El texto .+ sobre el fondo .+ se lee mal: contraste \d/)).toBeVisible();
    await expect(
      form.getByText("Si quieres guardarlo así, marca «Guardar aunque se lea mal» y vuelve a guardar."),
    ).toBeVisible();
    await form.getByLabel("Color del texto", { exact: true }).fill("150 25% 12%");
    await expect(form.getByText("Con estos colores no se lee bien:")).toBeHidden();
    await form.getByLabel("Fuente del sitio").selectOption("Nunito");
    await form.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(page.getByText("Apariencia actualizada.")).toBeVisible();

    const visitor = await visitorPhone();
    await gotoReady(visitor, "/contact");
    expect(await cssVar(visitor, "--primary")).toBe("226 65% 35%");
    expect(await visitor.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Nunito/);
    // Only the chosen font (and the headings' Montserrat) is downloaded, once the page has loaded
    // (app/lib/fonts.ts, loadSiteFonts); until then, and for the other faces, the text is in
    // their local, metric-scaled fallbacks (app/lib/font-fallbacks.ts).
    const loadedFamilies = () =>
      visitor.evaluate(() =>
        [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family.replace(/"/g, "")),
      );
    const fallback = / Fallback( Roboto)?$/;
    await expect
      .poll(async () => new Set((await loadedFamilies()).filter((f) => !fallback.test(f))))
      .toEqual(new Set(["Nunito", "Montserrat"]));
    // A first visit fetches them only after the page's load: they never hold its first paint.
    const timing = await visitor.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const fonts = performance.getEntriesByType("resource").filter((r) => r.name.endsWith(".woff2"));
      return { loaded: nav.loadEventEnd, firstFont: Math.min(...fonts.map((r) => r.startTime)) };
    });
    expect(timing.firstFont).toBeGreaterThanOrEqual(timing.loaded);
    const families = await loadedFamilies();
    expect(families.filter((f) => fallback.test(f)).every((f) => /^(Nunito|Montserrat) /.test(f))).toBe(true);
    // A second page finds the files in the browser's cache and uses them from its first paint.
    await gotoReady(visitor, "/servicios");
    const declaredInHead = await visitor.evaluate(() =>
      [...document.head.querySelectorAll("style")].some((s) =>
        /font-family:"Nunito";[^}]*src:url\(/.test(s.textContent ?? ""),
      ),
    );
    expect(declaredInHead).toBe(true);
    expect(await visitor.evaluate(() => document.fonts.check('16px "Nunito"'))).toBe(true);
  });

  test("an uploaded logo shows in the header at the chosen size and position", async ({
    page,
    visitorPhone,
  }) => {
    const form = await openAppearanceTab(page);
    await expect(form.getByText("Sin logo")).toBeVisible();
    await form
      .getByLabel("Subir logo")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await logoPng() });
    await expect(form.getByText("logo.png")).toBeVisible();
    await form.getByLabel("Posición superior (top)").fill("4");
    await form.getByLabel(/^Tamaño del logo/).fill("64");
    await expect(form.getByText("Tamaño del logo: 64 px")).toBeVisible();
    await form.getByRole("button", { name: "Guardar Cambios" }).click();
    // '4' is not a CSS length: refused by the field, the chosen file and size kept.
    await expect(form.getByText("Usa una medida CSS válida, p. ej. 0px, 4px, -0.5rem o 5%.")).toBeVisible();
    await expect(form.getByText("logo.png")).toBeVisible();
    await form.getByLabel("Posición superior (top)").fill("4px");
    await form.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(page.getByText("Apariencia actualizada.")).toBeVisible();

    const visitor = await visitorPhone();
    await gotoReady(visitor, "/");
    const logo = visitor.getByRole("banner").getByRole("img", { name: "Mini Market Latino" });
    await expect(logo).toHaveAttribute("src", /^\/files\/site-assets\/public\/logo-\d+\.webp$/);
    await expect(logo).toHaveCSS("height", "64px");
    await expect(logo).toHaveCSS("top", "4px");
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test("the tab has no accessibility violations", async ({ page }) => {
    await openAppearanceTab(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("banner", () => {
  test.use({ signedInAs: "admin" });
  test.afterEach(async ({ request }) => {
    await testHook(request, "site-settings");
  });

  test("upload, history, restore and restore-default; the landing hero and link previews show it", async ({
    page,
    visitorPhone,
    request,
  }) => {
    // Two uploads, a restore and two pages of a visitor's phone.
    test.setTimeout(60_000);
    await gotoReady(page, "/admin/content");
    await expect(page.getByRole("heading", { name: "Gestión de Contenido" })).toBeVisible();
    await expect(page.getByText("JPG, PNG, WebP. Máx 10MB. Recomendado: 1920x1080px.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Restaurar Por Defecto" })).toBeDisabled();

    // Saving with no new picture, then a wrong type.
    await page.getByRole("button", { name: "Actualizar Banner" }).click();
    await expect(page.getByText("No has seleccionado una nueva imagen.").first()).toBeVisible();
    const field = page.getByLabel("Nueva imagen del banner");
    await field.setInputFiles({ name: "banner.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await expect(page.getByRole("region", { name: /^Notificaciones/ })).toContainText(
      "Formato de imagen no válido. Use JPG, PNG o WebP.",
    );

    const shown = page.getByRole("img", { name: "Banner actual" });
    let current: string | null = null;
    for (const [name, color] of [
      ["azul.jpg", "#1f618d"],
      ["naranja.jpg", "#ca6f1e"],
    ] as const) {
      await field.setInputFiles({ name, mimeType: "image/jpeg", buffer: await bannerJpeg(color) });
      await expect(page.getByRole("img", { name: "Vista previa del nuevo banner" })).toBeVisible();
      await page.getByRole("button", { name: "Actualizar Banner" }).click();
      await expect(page.getByText("Banner actualizado.").first()).toBeVisible();
      // The page shows the new banner once it has reloaded its data.
      await expect(shown).toHaveAttribute("src", /banners_hero/);
      if (current) await expect(shown).not.toHaveAttribute("src", current);
      current = await shown.getAttribute("src");
    }

    // The carousel off: the landing hero shows the banner; every page previews with it.
    await testHook(request, "site-settings", { carousel: false });
    const visitor = await visitorPhone();
    await gotoReady(visitor, "/");
    await expect(visitor.locator("section[aria-label='Presentación'] img")).toHaveAttribute(
      "src",
      current ?? "",
    );
    await gotoReady(visitor, "/servicios");
    await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`${(current ?? "").replace(".webp", "-1280w\\.webp")}$`),
    );

    // Restore the first one from the history.
    await page.getByRole("button", { name: "Ver Historial (Últimas 5)" }).click();
    const history = page.getByRole("dialog", { name: "Historial del Banner" });
    await expect(history.getByRole("listitem")).toHaveCount(2);
    await expect(history.getByText("En uso")).toHaveCount(1);
    await history.getByRole("button", { name: /^Restaurar el banner subido el/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "¿Restaurar este banner?" });
    await expect(confirm).toContainText("La imagen actual pasará al historial");
    await confirm.getByRole("button", { name: "Restaurar" }).click();
    await expect(page.getByText("El banner se restauró desde el historial.")).toBeVisible();
    // The page shows the restored (first) banner once it has reloaded its data.
    await expect(shown).toHaveAttribute("src", /banners_hero/);
    await expect(shown).not.toHaveAttribute("src", current ?? "");

    // Back to the built-in picture.
    await page.getByRole("button", { name: "Restaurar Por Defecto" }).click();
    await page
      .getByRole("alertdialog", { name: "¿Restaurar el banner por defecto?" })
      .getByRole("button", { name: "Restaurar" })
      .click();
    await expect(page.getByText("Se restauró el banner por defecto.")).toBeVisible();
    await expect(page.getByText("Imagen por defecto")).toBeVisible();
    await expect(page.getByRole("button", { name: "Restaurar Por Defecto" })).toBeDisabled();
    await gotoReady(visitor, "/");
    await expect(visitor.locator("section[aria-label='Presentación'] img")).toHaveAttribute(
      "src",
      "/images/hero-default.svg",
    );
  });

  test("the page and its history dialog have no accessibility violations", async ({ page }) => {
    await gotoReady(page, "/admin/content");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Ver Historial (Últimas 5)" }).click();
    await expect(page.getByRole("dialog", { name: "Historial del Banner" })).toBeVisible();
    expect(await axeViolations(page, { feature: true })).toEqual([]);
  });
});

test("operador and visitors cannot change the appearance or the banner", async ({
  request,
  staffRequest,
}) => {
  const appearance = { intent: "appearance-save", fontFamily: "Lato" };
  expect((await request.post("/admin/apariencia", { form: appearance })).status()).toBe(401);
  expect((await request.post("/admin/content", { form: { intent: "banner-default" } })).status()).toBe(401);
  const operador = await staffRequest("operador");
  expect((await operador.post("/admin/apariencia", { form: appearance })).status()).toBe(403);
  expect((await operador.post("/admin/content", { form: { intent: "banner-default" } })).status()).toBe(403);
});
