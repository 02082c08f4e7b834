import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// docs/product.md §2 and §4.2: a failure keeps the page and speaks Spanish; every page
// runs under the Content-Security-Policy (docs/decisions/0010) without a violation.

const FAILURES: [string, (route: Route) => Promise<void>][] = [
  ["offline", (route) => route.abort("internetdisconnected")],
  [
    "a 502 from the proxy",
    (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" }),
  ],
];

for (const [name, fail] of FAILURES) {
  test(`a tracking look-up that fails (${name}) keeps the page, with the inline message and the toast`, async ({
    page,
  }) => {
    await gotoReady(page, "/seguimiento");
    await page.route("**/seguimiento.data*", fail);
    await page.getByLabel("Número de tracking").fill("TRK-2020-ABCDEF");
    await page.getByRole("button", { name: "Consultar" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Ocurrió un error al buscar tu pedido. Inténtalo de nuevo.",
    );
    await expect(page.getByText("No se pudo conectar con el servidor de seguimiento.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Seguimiento de Pedido" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Error al Cargar Datos" })).toHaveCount(0);
    // The connection is back: the same look-up now reaches the server.
    await page.unroute("**/seguimiento.data*");
    await page.getByRole("button", { name: "Consultar" }).click();
    await expect(page.getByRole("alert")).toHaveText("Pedido no encontrado. Verifica el número de tracking.");
  });
}

test("the data error screen keeps the header and footer and explains a lost connection in Spanish", async ({
  page,
}) => {
  await gotoReady(page, "/");
  await page.route("**/tienda.data*", (route) => route.abort("internetdisconnected"));
  await page.getByRole("link", { name: "Ir a la Tienda" }).click();
  await expect(page.getByRole("heading", { name: "Error al Cargar Datos" })).toBeVisible();
  await expect(
    page.getByText(
      "No se pudo conectar con el servidor. Revisa tu conexión a Internet e inténtalo de nuevo.",
    ),
  ).toBeVisible();
  await expect(page.getByText(/Failed to fetch/i)).toHaveCount(0);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

/** Collects what the browser reports about the Content-Security-Policy. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (load|execute|evaluate|apply|connect|frame)/i.test(m.text())) {
      found.push(m.text());
    }
  });
  return found;
}

test("public pages hydrate and navigate under the CSP without a violation", async ({ page }) => {
  const violations = cspViolations(page);
  for (const path of ["/", "/tienda", "/nosotros", "/servicios", "/contact", "/seguimiento"]) {
    await gotoReady(page, path);
  }
  await page.getByLabel("Número de tracking").fill("TRK-2020-ABCDEF");
  await page.getByRole("button", { name: "Consultar" }).click();
  await expect(page.getByRole("alert")).toHaveText("Pedido no encontrado. Verifica el número de tracking.");
  expect(violations).toEqual([]);
});

test.describe(() => {
  test.use({ signedInAs: "admin" });

  test("staff pages and their forms run under the CSP without a violation", async ({ page }) => {
    const violations = cspViolations(page);
    // Each page is loaded (its scripts run) before the next.
    for (const path of ["/admin", "/admin/chat", "/admin/orders"]) await page.goto(path);
    await page.getByRole("button", { name: "Crear Nuevo Pedido" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo Pedido" });
    await dialog.getByRole("button", { name: "Crear Pedido" }).click();
    await expect(dialog.getByText("El nombre del cliente es obligatorio.")).toBeVisible();
    expect(violations).toEqual([]);
  });
});
