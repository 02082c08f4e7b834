import { card, createProducts, newTag } from "./cart-helpers";
import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// One cart with and without scripts (app/lib/cart-lines.ts): what a visitor put in the cart while
// the scripts were off is in the sheet once they run, and what the sheet changes is the cart the
// pages without scripts show.

const DESKTOP = { viewport: { width: 1280, height: 800 } };

test("products added without scripts are in the sheet once scripts run, and the sheet's changes reach the cookie", async ({
  browser,
  baseURL,
  staffRequest,
}) => {
  const tag = newTag();
  const [cafe, pan] = [`Café ${tag}`, `Pan ${tag}`];
  await createProducts(await staffRequest("admin"), [
    { name: pan, price: "2" },
    { name: cafe, price: "5" },
  ]);

  const noScripts = await browser.newContext({ ...DESKTOP, baseURL, javaScriptEnabled: false });
  const withScripts = await browser.newContext({ ...DESKTOP, baseURL });
  try {
    const before = await noScripts.newPage();
    await before.goto(`/tienda?q=${tag}`);
    for (const name of [cafe, pan, cafe])
      await card(before, name).getByRole("button", { name: "Añadir al Carrito" }).click();
    await expect(before.getByRole("button", { name: "Carrito: 3 productos" })).toBeVisible();

    // The same browser, now with its scripts.
    await withScripts.addCookies((await noScripts.storageState()).cookies);
    const page = await withScripts.newPage();
    await gotoReady(page, "/nosotros");
    const cartButton = page.getByRole("button", { name: /^Carrito/ });
    await expect(cartButton).toHaveAccessibleName("Carrito: 3 productos");
    await cartButton.click();
    const sheet = page.getByRole("dialog", { name: "Tu carrito" });
    const lines = sheet.getByRole("list", { name: "Productos en el carrito" }).getByRole("listitem");
    await expect(lines).toHaveCount(2);
    await expect(sheet.getByLabel(`Cantidad de ${cafe}`)).toHaveText("2");
    await expect(sheet.getByLabel(`Cantidad de ${pan}`)).toHaveText("1");
    await expect(sheet.getByTestId("cart-total")).toHaveText("$12.00");

    // Changed in the sheet: the cookie follows, and the page without scripts shows the same cart.
    await sheet.getByRole("button", { name: `Eliminar ${pan}` }).click();
    await sheet.getByRole("button", { name: `Añadir uno de ${cafe}` }).click();
    await expect(sheet.getByLabel(`Cantidad de ${cafe}`)).toHaveText("3");
    const cookieOf = async () => (await withScripts.cookies()).find((c) => c.name === "mm_cart")?.value ?? "";
    const first = (await noScripts.cookies()).find((c) => c.name === "mm_cart")?.value;
    await expect.poll(cookieOf).not.toBe(first);
    await noScripts.clearCookies();
    await noScripts.addCookies(await withScripts.cookies());
    await before.goto("/carrito");
    const list = before.getByRole("list", { name: "Productos en el carrito" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByLabel(`Cantidad de ${cafe}`)).toHaveValue("3");
    await expect(before.getByTestId("cart-total")).toHaveText("$15.00");
  } finally {
    await noScripts.close();
    await withScripts.close();
  }
});
