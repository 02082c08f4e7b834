import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

/** Chrome on a Pixel phone, as it sends its User-Agent header. */
const PIXEL_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36";

/**
 * 'Visitante' in the inbox's side panel (issue 41): staff see where an anonymous visitor is, the
 * pages of this visit, their phone and browser, their local time and their probable country — from
 * what the browser says (User-Agent, time zone, languages), never their address. The visitor's
 * screen is wide enough for the floating widget to stay open while they use the site's menus;
 * their browser says it is Chrome on an Android phone in Managua.
 */
test("staff see the pages an anonymous visitor browses with the chat open, their phone and their local time", async ({
  browser,
  staffPage,
}) => {
  // Two browsers and live updates both ways: room for a loaded machine.
  test.setTimeout(90_000);
  const visitorContext = await browser.newContext({
    storageState: undefined,
    userAgent: PIXEL_CHROME,
    timezoneId: "America/Managua",
    locale: "es-NI",
  });
  try {
    const v = await visitorContext.newPage();
    await gotoReady(v, "/");
    await v.getByRole("button", { name: "Abrir chat" }).click();
    const widget = v.getByRole("dialog");
    const question = `¿Tienen frijoles rojos? ${Date.now()}`;
    await widget.getByLabel("Mensaje", { exact: true }).fill(question);
    await widget.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(widget.getByText(question)).toBeVisible();
    // The conversation exists once the widget asks for details (it holds the secret by then).
    await expect(widget.getByRole("form", { name: "Para avisarte si te vas" })).toBeVisible();

    // The visitor browses through the menus with the chat open: no page load, the chat stays.
    const banner = v.getByRole("banner");
    await banner.getByRole("button", { name: "Tienda" }).click();
    await banner.getByRole("link", { name: /Nuestra Tienda/ }).click();
    await expect(v.getByRole("heading", { level: 1, name: "Nuestra Tienda" })).toBeVisible();
    await banner.getByRole("link", { name: "Servicios", exact: true }).click();
    await expect(v.getByRole("heading", { level: 1, name: "Nuestros Servicios" })).toBeVisible();
    await expect(widget.getByText(question)).toBeVisible();

    // The operador opens the conversation: 'Visitante' shows the pages, newest first.
    const s = await staffPage("operador");
    await s.goto("/admin/chat");
    await s.getByRole("link", { name: new RegExp(question.replace(/[?¿]/g, ".")) }).click();
    await expect(s.getByRole("log").getByText(question)).toBeVisible();
    if ((s.viewportSize()?.width ?? 0) < 1280) await s.getByRole("button", { name: "Detalles" }).click();
    const panel = s.getByRole("region", { name: "Visitante" });
    await expect(panel.getByText("Ahora en")).toBeVisible();
    const pages = panel.getByRole("list", { name: "Páginas de esta visita" });
    await expect(pages.getByRole("listitem").first()).toContainText("/servicios");
    await expect(pages.getByText("/tienda", { exact: true })).toBeVisible();
    await expect(pages.getByText("/servicios", { exact: true })).toBeVisible();

    // The phone and browser in words, the language, the visitor's own clock and country.
    await expect(panel.getByText("Android · Chrome", { exact: true })).toBeVisible();
    await expect(panel.getByText("Español", { exact: true })).toBeVisible();
    await expect(panel.getByText(/^\d{1,2}:\d{2} [ap]\. m\. \(Managua\)$/)).toBeVisible();
    await expect(panel.getByText("Nicaragua (probable)", { exact: false })).toBeVisible();
    await expect(panel.getByText("Visitas", { exact: true })).toBeVisible();
    // No link to follow: staff read where the visitor is.
    await expect(panel.getByRole("link")).toHaveCount(0);
    await expectNoAxeViolations(s, "the inbox with the visitor's context");

    // Live: the visitor moves on and staff see it without reloading.
    await banner.getByRole("link", { name: "Nosotros", exact: true }).click();
    await expect(v.getByRole("heading", { level: 1, name: "Nosotros" })).toBeVisible();
    await expect(pages.getByRole("listitem").first()).toContainText("/nosotros");
    await expect(pages.getByText("/servicios", { exact: true })).toBeVisible();
    await expect(pages.getByText("/tienda", { exact: true })).toBeVisible();
  } finally {
    await visitorContext.close();
  }
});
