import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { expect, test, testHook } from "./fixtures";
import { gotoReady } from "./public-helpers";

// The 'Textos' tab (docs/product.md §3.2): the owner edits the site's texts and every public page
// shows them. The site texts are shared by the worker's tests: each test puts the defaults back.

async function openTextsTab(page: Page) {
  await gotoReady(page, "/admin/textos");
  await expect(page.getByRole("heading", { name: "Editar Textos del Sitio" })).toBeVisible();
}

test.describe("site texts", () => {
  test.use({ signedInAs: "admin" });
  test.afterEach(async ({ request }) => {
    await testHook(request, "site-text-defaults");
  });

  test("the owner's phone, hours and WhatsApp number reach the footer, contact page and WhatsApp buttons", async ({
    page,
    visitorPhone,
  }) => {
    await openTextsTab(page);
    const form = page.getByRole("form", { name: "Editar Textos del Sitio" });
    for (const section of [
      "Página Principal (Hero)",
      "Información de Contacto",
      "Horario de Atención",
      "Pie de Página",
    ]) {
      await expect(form.getByRole("heading", { name: section })).toBeVisible();
    }
    await expect(form.getByLabel("Correo electrónico")).toHaveAttribute("type", "email");
    await form.getByLabel("Teléfono", { exact: true }).fill("(786) 555-0142");
    // 'Usar el mismo número' is ticked by default: WhatsApp writes to the contact phone.
    await expect(form.getByRole("checkbox", { name: /^WhatsApp: usar el mismo número/ })).toBeChecked();
    await form.getByLabel("Sábado").fill("8:00 AM - 12:00 PM");
    await form.getByRole("button", { name: "Guardar Textos" }).click();
    await expect(page.getByText("Contenido de texto actualizado correctamente.")).toBeVisible();
    // The history names who saved it.
    // Stored in E.164; a number of the shop's own country reads the national way.
    await expect(form.getByLabel("Teléfono", { exact: true })).toHaveValue("(786) 555-0142");
    // The history's list (the navigation's lists name 'Textos' too, as links).
    const history = page
      .getByRole("list")
      .filter({ has: page.getByText("Textos", { exact: true }) })
      .filter({ hasNot: page.getByRole("link") });
    await expect(history.getByRole("listitem").first()).toContainText("Administrador");

    const visitor = await visitorPhone();
    await gotoReady(visitor, "/contact");
    const footer = visitor.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "(786) 555-0142" })).toHaveAttribute(
      "href",
      "tel:+17865550142",
    );
    await expect(footer).toContainText("8:00 AM - 12:00 PM");
    await expect(visitor.getByRole("main").getByRole("link", { name: "(786) 555-0142" })).toBeVisible();
    await visitor.goto("/personal-shop");
    const cta = visitor.getByRole("link", { name: /Comenzar Compra Personal/ });
    const url = new URL((await cta.getAttribute("href")) ?? "");
    expect(url.origin + url.pathname).toBe("https://wa.me/17865550142");
  });

  test("a bad phone is refused by the field, keeping what was typed", async ({ page }) => {
    await openTextsTab(page);
    const form = page.getByRole("form", { name: "Editar Textos del Sitio" });
    await form.getByLabel("Título principal").fill("Ofertas de la semana");
    await form.getByLabel("Teléfono", { exact: true }).fill("12");
    await form.getByRole("button", { name: "Guardar Textos" }).click();
    await expect(page.getByText("No se pudo guardar el texto: revisa los campos marcados.")).toBeVisible();
    await expect(form.getByText(/^Número de teléfono inválido/)).toBeVisible();
    await expect(form.getByLabel("Teléfono", { exact: true })).toBeFocused();
    await expect(form.getByLabel("Título principal")).toHaveValue("Ofertas de la semana");
    // Fixing the field clears its message at once.
    await form.getByLabel("Teléfono", { exact: true }).fill("+505 8888 1234");
    await expect(form.getByText(/^Número de teléfono inválido/)).toBeHidden();
  });

  test("a previous version of the texts can be restored from the history", async ({ page, visitorPhone }) => {
    await openTextsTab(page);
    const form = page.getByRole("form", { name: "Editar Textos del Sitio" });
    // Each save is answered before the next is typed: the form starts again from what was stored
    // (a value typed before the answer came back was replaced by the stored one, the flake CI saw).
    const saved = page.getByText("Contenido de texto actualizado correctamente.");
    await form.getByLabel("Texto del pie de página").fill("Versión uno del pie");
    await form.getByRole("button", { name: "Guardar Textos" }).click();
    await expect(saved).toBeVisible();
    await expect(form.getByLabel("Texto del pie de página")).toHaveValue("Versión uno del pie");
    await expect(form.getByRole("button", { name: "Guardar Textos" })).toBeEnabled();
    await form.getByLabel("Texto del pie de página").fill("Versión dos del pie");
    await form.getByRole("button", { name: "Guardar Textos" }).click();
    // The history shows the change once the save is in.
    await expect(page.getByRole("listitem").filter({ hasText: "Versión dos del pie" }).first()).toBeVisible();
    await expect(form.getByRole("button", { name: "Guardar Textos" })).toBeEnabled();
    await expect(form.getByLabel("Texto del pie de página")).toHaveValue("Versión dos del pie");
    const visitor = await visitorPhone();
    await gotoReady(visitor, "/");
    await expect(visitor.getByRole("contentinfo")).toContainText("Versión dos del pie");
    await page
      .getByRole("button", { name: /^Restaurar textos del/ })
      .first()
      .click();
    const confirm = page.getByRole("alertdialog", { name: "¿Restaurar esta versión de los textos?" });
    await confirm.getByRole("button", { name: "Restaurar" }).click();
    await expect(page.getByText("Se restauró esa versión de los textos.")).toBeVisible();
    await expect(form.getByLabel("Texto del pie de página")).toHaveValue("Versión uno del pie");
    await gotoReady(visitor, "/");
    await expect(visitor.getByRole("contentinfo")).toContainText("Versión uno del pie");
  });

  test("the tab has no accessibility violations", async ({ page }) => {
    await openTextsTab(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test("operador and visitors cannot change the site texts", async ({ request, staffRequest }) => {
  const form = { intent: "text-save", heroTitle: "Intruso" };
  expect((await request.post("/admin/textos", { form })).status()).toBe(401);
  const operador = await staffRequest("operador");
  expect((await operador.post("/admin/textos", { form })).status()).toBe(403);
});
