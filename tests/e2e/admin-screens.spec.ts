import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// Issue 42, 'Finding things': every admin screen has its own address (a link, the back button or
// a bookmark reaches it), fits the screen without sideways scrolling, and 'Menú' lists them all
// with the current one marked — at 390 px (phone project) and 1280 px (desktop project).
test.use({ signedInAs: "admin" });

/** Each screen's address, its heading and its name in the navigation. */
const SCREENS: [path: string, heading: string, label: string][] = [
  ["/admin", "Panel de Administración", "Panel"],
  ["/admin/chat", "Panel de Chat", "Mensajes"],
  ["/admin/orders", "Gestión de Pedidos", "Pedidos"],
  ["/admin/embarques", "Embarques", "Embarques"],
  ["/admin/productos", "Productos", "Productos"],
  ["/admin/precios", "Precios", "Precios"],
  ["/admin/avisos", "Avisos y horarios", "Avisos"],
  ["/admin/textos", "Textos", "Textos"],
  ["/admin/chat/informes", "Informes del chat", "Informes del chat"],
  ["/admin/chat/respuestas", "Respuestas guardadas", "Respuestas guardadas"],
  ["/admin/hero-images", "Gestión del Carrusel Principal", "Imágenes Hero"],
  ["/admin/content", "Gestión de Contenido", "Banner"],
  ["/admin/apariencia", "Apariencia", "Apariencia"],
  ["/admin/clientes", "Carrusel Clientes", "Carrusel Clientes"],
  ["/admin/users", "Vista de Operadores", "Usuarios"],
  ["/admin/users/activity", "Actividad", "Actividad"],
  ["/admin/backups", "Copias de seguridad", "Copias de seguridad"],
  ["/admin/correo", "Correo", "Correo"],
];

/** The navigation shown at this width (the top bar's row on a laptop, the bottom bar on a phone). */
const staffNav = (page: Page) =>
  page.getByRole("navigation", { name: /^Navegación del panel/ }).filter({ visible: true });

async function openMenu(page: Page) {
  await staffNav(page).getByRole("button", { name: "Menú" }).click();
  return page.getByRole("dialog", { name: "Todas las pantallas" });
}

test("every admin screen opens by its own address, with no sideways scrolling", async ({ page }) => {
  test.setTimeout(120_000);
  const width = page.viewportSize()?.width ?? 0;
  for (const [path, heading] of SCREENS) {
    await gotoReady(page, path);
    await expect(page.getByRole("heading", { name: heading, exact: true }).first(), path).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
  }
});

test("'Menú' lists every screen with the current one marked, one tap to each", async ({ page }) => {
  await gotoReady(page, "/admin/avisos");
  let menu = await openMenu(page);
  const links = menu.getByRole("link");
  await expect(links).toHaveText(
    // The panel heads the menu; then the sections, each in the navigation's order.
    [
      "Panel",
      ...["Mensajes", "Pedidos", "Embarques", "Informes del chat", "Respuestas guardadas"],
      ...[
        "Productos",
        "Precios",
        "Avisos",
        "Textos",
        "Imágenes Hero",
        "Banner",
        "Apariencia",
        "Carrusel Clientes",
      ],
      ...["Usuarios", "Actividad", "Copias de seguridad", "Correo"],
    ].map((label) => new RegExp(`^${label}`)),
  );
  await expect(menu.getByRole("link", { name: "Avisos" })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "Textos" })).not.toHaveAttribute("aria-current", "page");
  await menu.getByRole("link", { name: "Carrusel Clientes" }).click();
  await expect(page).toHaveURL(/\/admin\/clientes$/);
  await expect(page.getByRole("heading", { name: "Carrusel Clientes", level: 1 })).toBeVisible();
  await expect(menu).toBeHidden();
  menu = await openMenu(page);
  await expect(menu.getByRole("link", { name: "Carrusel Clientes" })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "Avisos" })).not.toHaveAttribute("aria-current", "page");
});

test("the panel's content tabs are links, and the back button walks back through them", async ({ page }) => {
  await gotoReady(page, "/admin");
  await page
    .getByRole("navigation", { name: "Secciones de contenido" })
    .getByRole("link", { name: /^Textos/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/textos$/);
  await expect(page.getByRole("heading", { name: "Editar Textos del Sitio" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Secciones de contenido" });
  await expect(tabs.getByRole("link", { name: "Textos" })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: "Apariencia" }).click();
  await expect(page).toHaveURL(/\/admin\/apariencia$/);
  await expect(page.getByRole("form", { name: "Apariencia del Sitio" })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/textos$/);
  await expect(page.getByRole("heading", { name: "Editar Textos del Sitio" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Panel de Administración" })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole("heading", { name: "Editar Textos del Sitio" })).toBeVisible();
});
