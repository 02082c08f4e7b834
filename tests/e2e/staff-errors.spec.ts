import { expectNoAxeViolations } from "./axe";
import { expect, test, testHook } from "./fixtures";
import { gotoReady } from "./public-helpers";

// A staff page whose data fails shows the error inside the staff frame (docs/product.md §3.0),
// never inside the public site: the staff navigation stays, no public footer or marquee appears,
// and the screen gives the reference the server logged the failure under, for staff to quote.
test.use({ signedInAs: "admin" });

const SCREENS = [
  { path: "/admin", route: "routes/admin/panel/route", heading: "Panel de Administración" },
  {
    path: "/admin/hero-images",
    route: "routes/admin/hero-images/route",
    heading: "Gestión del Carrusel Principal",
  },
];

for (const { path, route, heading } of SCREENS) {
  test(`a failing loader of ${path} shows the error in the staff frame, with a reference`, async ({
    page,
    server,
    isMobile,
  }) => {
    await testHook(page.request, "fail-loader", { route });
    await gotoReady(page, path);

    await expect(page.getByRole("heading", { level: 1, name: "Error al Cargar Datos" })).toBeVisible();
    await expect(page.getByText("Simulated loader failure: ocurrió un error inesperado.")).toBeVisible();
    const reference = page.getByText(/^Referencia: \w{8}$/);
    await expect(reference).toBeVisible();

    // The staff frame: its navigation (across the top on wide screens, a bottom bar on phones)
    // and the way out; nothing of the public site.
    const nav = page.getByRole("navigation", {
      name: isMobile ? "Navegación del panel (móvil)" : "Navegación del panel",
      exact: true,
    });
    await expect(nav.getByRole("link", { name: "Panel", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Salir" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.locator(".marquee")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Volver al panel" })).toHaveAttribute("href", "/admin");
    await expectNoAxeViolations(page, `the error screen of ${path}`);

    // The reference finds the failure in the server's log.
    const ref = (await reference.textContent())?.replace("Referencia: ", "");
    const logged = () =>
      server
        .output()
        .split("\n")
        .some((line) => line.includes("Simulated loader failure") && line.includes(`"reqId":"${ref}`));
    await expect.poll(logged).toBe(true);

    // The failure was one run of the loader: a reload shows the page.
    await page.getByRole("link", { name: "Recargar página" }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Error al Cargar Datos" })).toHaveCount(0);
  });
}
