import type { Browser, Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { expect, signInWithForm, submitLoginForm, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// The staff workspace (docs/product.md §3.0, §3.7): the frame and its navigation by role, staff
// management, the audit log and signing out.

/** The frame's navigation shown at this width: across the top on desktop, a bottom bar on phones. */
const staffNav = (page: Page) =>
  page.getByRole("navigation", { name: /^Navegación del panel/ }).filter({ visible: true });

async function openWidget(v: Page) {
  await v.getByRole("button", { name: "Abrir chat" }).click();
  return v.getByRole("dialog");
}

/** A person signing in on a device of their own (a fresh browser context, signed out). */
async function newDevice(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ storageState: undefined });
  const page = await context.newPage();
  await page.goto("/admin-login");
  await submitLoginForm(page, { email, password });
  await page.waitForURL((url) => !url.pathname.startsWith("/admin-login"));
  return page;
}

test.describe("as operador", () => {
  test.use({ signedInAs: "operador" });

  test("reaches Pedidos and Mensajes in one tap each, with the current page marked", async ({ page }) => {
    await gotoReady(page, "/admin/chat");
    const nav = staffNav(page);
    await expect(nav.getByRole("link")).toHaveText([/Mensajes/, /Pedidos/, /Embarques/, /Respuestas/]);
    await nav.getByRole("link", { name: "Pedidos" }).click();
    await expect(page.getByRole("heading", { name: "Gestión de Pedidos" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Pedidos" })).toHaveAttribute("aria-current", "page");
    // No public marquee or footer in the staff area.
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await nav.getByRole("link", { name: /^Mensajes/ }).click();
    await expect(page.getByRole("heading", { name: "Panel de Chat" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Cuenta: Operador \(Operador\)/ })).toBeVisible();
  });

  test("sees the unread count on 'Mensajes' rise live when a visitor writes", async ({
    page,
    visitorPhone,
  }) => {
    await gotoReady(page, "/admin/orders");
    const mensajes = staffNav(page).getByRole("link", { name: /^Mensajes/ });
    const v = await visitorPhone();
    await gotoReady(v, "/");
    const panel = await openWidget(v);
    await panel.getByLabel("Mensaje", { exact: true }).fill(`¿Tienen cajas grandes? ${Date.now()}`);
    await panel.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(mensajes).toHaveAccessibleName(/sin leer/);
  });
});

test("signing out sets the agent offline for visitors at once", { tag: "@any-screen" }, async ({
  browser,
  visitorPhone,
}) => {
  const context = await browser.newContext({ storageState: undefined });
  const s = await context.newPage();
  await signInWithForm(s, "operador");
  await gotoReady(s, "/admin/chat");
  await s.getByRole("tab", { name: "Estado" }).click();
  const status = s.getByRole("combobox", { name: "Estado", exact: true });
  // Her status outlives a sign-out, and an earlier test of this worker may have left her 'En
  // línea': choosing what is already chosen saves nothing and says nothing (use-choose-status.ts).
  if ((await status.inputValue()) === "online") {
    await status.selectOption("busy");
    await expect(s.getByText("Estado actualizado")).toBeVisible({ timeout: 10_000 });
    await expect(s.getByText("Estado actualizado")).toBeHidden({ timeout: 10_000 });
  }
  await status.selectOption("online");
  await expect(s.getByText("Estado actualizado")).toBeVisible({ timeout: 10_000 });

  const v = await visitorPhone();
  await gotoReady(v, "/");
  const panel = await openWidget(v);
  // A visitor with a conversation hears presence changes live over their stream.
  await panel.getByLabel("Mensaje", { exact: true }).fill(`¿Siguen atendiendo? ${Date.now()}`);
  await panel.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(panel.getByLabel("Enviado")).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Operador" })).toBeVisible();

  // On a phone the confirmation toast lies over the header's buttons until it goes (5 s).
  await expect(s.getByText("Estado actualizado")).toBeHidden({ timeout: 10_000 });
  await s.getByRole("button", { name: "Salir" }).click();
  await s.getByRole("alertdialog").getByRole("button", { name: "Cerrar Sesión" }).click();
  await s.waitForURL(/\/admin-login/);
  // Well before the presence would expire on its own (40-50 s).
  await expect(panel.getByRole("heading", { name: "Fuera de línea - Te responderemos pronto" })).toBeVisible({
    timeout: 5_000,
  });
  await context.close();
});

test.describe("as admin", () => {
  test.use({ signedInAs: "admin" });

  test("adds an operador who signs in with the shown password, then deactivates them while signed in", async ({
    page,
    browser,
  }) => {
    // Three sign-ins (each a password hash) and a user made: ~25 s alone on this machine.
    test.slow();
    const email = `lucia.${Date.now()}@tienda.com`;
    await gotoReady(page, "/admin/users");
    await expect(page.getByRole("heading", { name: "Vista de Operadores" })).toBeVisible();
    await page.getByRole("button", { name: "Agregar usuario" }).click();
    const dialog = page.getByRole("dialog", { name: "Agregar usuario" });
    await dialog.getByLabel("Nombre").fill("Lucía");
    await dialog.getByLabel("Correo electrónico").fill(email);
    await dialog.getByLabel("Contraseña (opcional)").fill("corta");
    await dialog.getByRole("button", { name: "Agregar usuario" }).click();
    await expect(dialog.getByText("La contraseña debe tener al menos 12 caracteres.")).toBeVisible();
    await dialog.getByLabel("Contraseña (opcional)").fill("");
    await dialog.getByRole("button", { name: "Agregar usuario" }).click();
    const shown = page.getByRole("dialog", { name: "Contraseña generada" });
    const password = (await shown.getByLabel("Contraseña generada").textContent())?.trim() ?? "";
    expect(password).toMatch(/^\S{20}$/);
    await shown.getByRole("button", { name: "Listo" }).click();

    const lucia = await newDevice(browser, email, password);
    await expect(lucia.getByRole("heading", { name: "Panel de Chat" })).toBeVisible();

    await page.getByRole("button", { name: "Acciones para Lucía" }).filter({ visible: true }).click();
    await page.getByRole("menuitem", { name: "Desactivar" }).click();
    await page
      .getByRole("alertdialog", { name: "¿Desactivar a Lucía?" })
      .getByRole("button", { name: "Desactivar" })
      .click();
    await expect(page.getByText("Usuario desactivado: sus sesiones se cerraron.")).toBeVisible();

    // Her next request is refused: back to the sign-in, where her password no longer opens.
    await lucia.goto("/admin/orders");
    await expect(lucia).toHaveURL(/\/admin-login/);
    await submitLoginForm(lucia, { email, password });
    await expect(lucia.getByRole("region", { name: /^Notificaciones/ })).toContainText(
      "Correo o contraseña incorrectos.",
    );
    await lucia.context().close();

    // 'Actividad' shows who did what.
    await page.getByRole("link", { name: "Actividad" }).click();
    // (The new staff member's invitation is being written to 'Correo' meanwhile: room on a loaded machine.)
    await expect(page.getByRole("heading", { name: "Actividad" })).toBeVisible({ timeout: 15_000 });
    await page.getByLabel("Tipo").selectOption("staff");
    await page.getByRole("button", { name: "Filtrar" }).click();
    const log = page.locator("main");
    await expect(log.getByText("Usuario desactivado").filter({ visible: true }).first()).toBeVisible();
    await expect(log.getByText("Usuario agregado").filter({ visible: true }).first()).toBeVisible();
    // The person an entry is about by name, not by e-mail (issue 42).
    await expect(
      log
        .locator("li p, td")
        .filter({ hasText: /^Lucía$/ })
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
  });

  test("the last admin cannot be demoted, and each person changes their own password", async ({ page }) => {
    await gotoReady(page, "/admin/users");
    await page.getByRole("button", { name: "Acciones para Administrador" }).filter({ visible: true }).click();
    await page.getByRole("menuitem", { name: "Cambiar rol a Operador" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cambiar rol" }).click();
    await expect(page.getByText("Debe quedar al menos un administrador activo.")).toBeVisible();

    await page.getByRole("button", { name: /^Cuenta: Administrador/ }).click();
    await page.getByRole("menuitem", { name: "Cambiar contraseña" }).click();
    const dialog = page.getByRole("dialog", { name: "Cambiar contraseña" });
    await dialog.getByLabel("Contraseña actual").fill("no-es-la-clave");
    await dialog.getByLabel("Nueva contraseña", { exact: true }).fill("contrasena123");
    await dialog.getByLabel("Repite la nueva contraseña").fill("contrasena123");
    await dialog.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(dialog.getByText(/^Esa contraseña es demasiado común/)).toBeVisible();
    await dialog.getByLabel("Nueva contraseña", { exact: true }).fill("una frase nueva y larga");
    await dialog.getByLabel("Repite la nueva contraseña").fill("una frase nueva y larga");
    await dialog.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(dialog.getByText("La contraseña actual no es correcta.")).toBeVisible();
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toBeHidden();
  });

  test("the frame, the users page and 'Actividad' have no accessibility violations", async ({ page }) => {
    // Two pages and three accessibility scans: room for a busy machine (17–34 s seen in CI).
    test.setTimeout(60_000);
    await gotoReady(page, "/admin/users");
    expect(await axeViolations(page)).toEqual([]);
    await gotoReady(page, "/admin/users/activity");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: /^Cuenta: / }).click();
    await page.getByRole("menuitem", { name: "Cambiar contraseña" }).click();
    await expect(page.getByRole("dialog", { name: "Cambiar contraseña" })).toBeVisible();
    expect(await axeViolations(page, { feature: true })).toEqual([]);
  });
});
