import { expect, submitLoginForm, test } from "./fixtures";

const STAFF_ROUTES = [
  "/admin",
  "/admin/chat",
  "/admin/orders",
  "/admin/content",
  "/admin/hero-images",
  "/admin/users",
];
const ADMIN_ONLY = ["/admin/content", "/admin/hero-images", "/admin/users"];

// Who may open what is the server's answer, the same on any screen: desktop only (@any-screen).
test.describe("route guards (docs/product.md §4.6, §3.2, §1)", { tag: "@any-screen" }, () => {
  test("a visitor is sent to the login, which remembers where they were going", async ({ page, server }) => {
    for (const route of STAFF_ROUTES) {
      await page.goto(route);
      await expect(page).toHaveURL(`/admin-login?redirectTo=${encodeURIComponent(route)}`);
    }
    await page.goto("/admin/orders?estado=en_local");
    await submitLoginForm(page, server.admin);
    await expect(page).toHaveURL("/admin/orders?estado=en_local");
    await expect(page.getByRole("heading", { name: "Gestión de Pedidos" })).toBeVisible();
  });

  test("after login only a local path is followed", async ({ page, server }) => {
    await page.goto("/admin-login?redirectTo=https%3A%2F%2Fevil.example%2F");
    await submitLoginForm(page, server.admin);
    await expect(page).toHaveURL(/\/admin$/);
  });

  test.describe(() => {
    test.use({ signedInAs: "operador" });

    test("an operador reaches chat and orders; /admin sends them to the chat", async ({ page }) => {
      await page.goto("/admin");
      await expect(page).toHaveURL(/\/admin\/chat$/);
      await page.goto("/admin/orders");
      await expect(page.getByRole("heading", { name: "Gestión de Pedidos" })).toBeVisible();
    });

    for (const route of ADMIN_ONLY) {
      test(`an operador on ${route} is refused with 'Acceso Denegado'`, async ({ page }) => {
        await page.goto(route);
        await expect(page).toHaveURL(/\/admin\/chat$/);
        // The toast appears once the page has hydrated; allow for a slow, loaded machine.
        await expect(page.getByText("Acceso Denegado")).toBeVisible({ timeout: 10_000 });
        await expect(page.getByText("No tienes permiso para acceder a esta sección.")).toBeVisible();
      });
    }
  });

  test.describe(() => {
    test.use({ signedInAs: "admin" });

    test("an admin reaches every staff page", async ({ page }) => {
      const headings: Record<string, string> = {
        "/admin": "Panel de Administración",
        "/admin/chat": "Panel de Chat",
        "/admin/orders": "Gestión de Pedidos",
        "/admin/content": "Gestión de Contenido",
        "/admin/hero-images": "Gestión del Carrusel Principal",
        "/admin/users": "Vista de Operadores",
      };
      for (const [route, heading] of Object.entries(headings)) {
        await page.goto(route);
        await expect(page).toHaveURL(route);
        await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      }
      await expect(page.getByText("operador@example.com").locator("visible=true")).toBeVisible();
    });
  });

  test("the staff stream refuses a visitor", async ({ request }) => {
    const res = await request.get("/events/staff");
    expect(res.status()).toBe(401);
  });

  test("a malformed login post gets a 400 with a clear message, never a 500", async ({ request }) => {
    const res = await request.post("/admin-login", { data: { email: "x" } });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain("Solicitud inválida");
  });

  test("an unknown path goes to the landing page", async ({ page }) => {
    await page.goto("/esta-pagina-no-existe/ni-esta");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: "Ir a la Tienda" })).toBeVisible();
  });
});
