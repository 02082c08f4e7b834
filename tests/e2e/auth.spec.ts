import { expect, signInWithForm, submitLoginForm, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// The tests of the login screen and of signing out sign in through the form, each with a session of
// its own (signing out ends the session it uses).

test.describe("staff sign-in", () => {
  test("an admin signs in, sees the welcome toast and lands on the panel", async ({ page, server }) => {
    await page.goto("/admin-login");
    await submitLoginForm(page, server.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText("Acceso concedido")).toBeVisible();
    await expect(page.getByText("Bienvenido al panel de administración.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Panel de Administración" })).toBeVisible();
    await expect(page.getByText(server.admin.email).first()).toBeVisible();
  });

  test("an operador signs in, sees the same welcome toast and lands on the chat inbox", async ({ page }) => {
    await signInWithForm(page, "operador");
    await expect(page).toHaveURL(/\/admin\/chat$/);
    // The spec's toast for every role (docs/product.md §3.1).
    await expect(page.getByText("Acceso concedido")).toBeVisible();
    await expect(page.getByText("Bienvenido al panel de administración.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Panel de Chat" })).toBeVisible();
  });

  test("a wrong password shows the error and clears the password, keeping the e-mail", async ({
    page,
    server,
  }) => {
    await page.goto("/admin-login");
    await submitLoginForm(page, { email: server.admin.email, password: "not-the-password" });
    await expect(page.getByText("Correo o contraseña incorrectos.").first()).toBeVisible();
    await expect(page.getByLabel("Contraseña")).toHaveValue("");
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(server.admin.email);
    await expect(page).toHaveURL(/\/admin-login/);
  });

  test("empty fields get the spec's validation message", async ({ page }) => {
    await page.goto("/admin-login");
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(page.getByText("Campos incompletos")).toBeVisible();
    await expect(page.getByText("Por favor, ingresa tu correo y contraseña.").first()).toBeVisible();
  });

  test("shows 'Ingresando...' while signing in", async ({ page, server }) => {
    // The busy state is the hydrated form's (without scripts the form posts natively).
    await gotoReady(page, "/admin-login");
    // Hold the request so the busy state is observable.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route("**/admin-login*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await submitLoginForm(page, server.admin);
    await expect(page.getByRole("button", { name: "Ingresando..." })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("too many failures from one address are refused, even with the right password", async ({
    browser,
    server,
  }) => {
    // Ten password checks, each deliberately slow (scrypt), and several seconds on a loaded machine.
    test.slow();
    // A context of its own, seen by the server as another address (TRUST_PROXY in tests).
    const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.77" } });
    const page = await context.newPage();
    await page.goto("/admin-login");
    const guess = (i: number) => ({ email: `intruso${i}@example.com`, password: "adivinando" });
    // The first wrong guess through the form, as a person sees it...
    await submitLoginForm(page, guess(0));
    await expect(
      page.getByRole("alert").filter({ hasText: "Correo o contraseña incorrectos." }),
    ).toBeVisible();
    await expect(page.getByLabel("Contraseña")).toHaveValue("");
    // ...and nine more from the same address, each posted as the form posts it (the context's request
    // carries its address). Another e-mail each time: the address's own limit is what is reached.
    for (let i = 1; i < 10; i++) {
      const res = await context.request.post("/admin-login", { form: guess(i) });
      expect(res.status(), `wrong guess ${i + 1}`).toBe(401);
    }
    await submitLoginForm(page, server.admin);
    await expect(page.getByText(/Demasiados intentos fallidos\. Espera \d+ minutos/).first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin-login/);
    await context.close();
  });

  test("signing out from the header asks first, then ends the session", async ({ page, isMobile }) => {
    await signInWithForm(page, "admin");
    await page.goto("/");
    const header = page.getByRole("banner");
    if (isMobile) {
      // Phone: the Salir button lives in the slide-in menu.
      await header.getByRole("button", { name: "Abrir menú" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Salir" }).click();
    } else {
      await header.getByRole("button", { name: "Salir" }).click();
    }
    await expect(page.getByText("¿Estás seguro de que quieres cerrar sesión?")).toBeVisible();
    await page.getByRole("button", { name: "Cerrar Sesión" }).click();
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(page.getByText("Sesión Cerrada")).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin-login\?redirectTo=%2Fadmin$/);
  });

  test("signing out from the admin panel", async ({ page }) => {
    await signInWithForm(page, "admin");
    await page.getByRole("main").getByRole("button", { name: "Cerrar Sesión" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cerrar Sesión" }).click();
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(page.getByText("Sesión Cerrada")).toBeVisible();
  });
});
