import { expect, test } from "./fixtures";

// Personal Shop /personal-shop (docs/product.md §2.5, §5 'Personal Shop').

test.describe("personal shop", () => {
  test("benefits, five steps, the two prices and the 1000+ stores", async ({ page }) => {
    await page.goto("/personal-shop");
    await expect(page.getByRole("heading", { level: 1, name: "Personal Shop" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "¿Por qué usar Personal Shop?" }).getByRole("listitem"),
    ).toHaveCount(3);
    await expect(page.getByRole("list", { name: "Pasos del servicio" }).getByRole("listitem")).toHaveCount(5);
    const prices = page.getByRole("region", { name: "Lo que pagas" });
    await expect(prices).toContainText("15%");
    await expect(prices).toContainText("sobre el total de la compra");
    await expect(prices).toContainText("$25");
    await expect(prices).toContainText("por libra");
    await expect(page.getByRole("heading", { name: "Más de 1000 tiendas a tu alcance" })).toBeVisible();
  });

  test("the sticky button stays on screen and opens WhatsApp with the fixed message", async ({ page }) => {
    await page.goto("/personal-shop");
    const cta = page.getByRole("link", { name: /Comenzar Compra Personal/ });
    await expect(cta).toBeInViewport();
    await page.getByRole("heading", { name: "Lo que pagas" }).scrollIntoViewIfNeeded();
    await expect(cta).toBeInViewport();
    await expect(cta).toHaveAttribute("target", "_blank");
    const url = new URL((await cta.getAttribute("href")) ?? "");
    expect(url.origin + url.pathname).toBe("https://wa.me/13055550100");
    expect(url.searchParams.get("text")).toContain("Personal Shop");
  });
});
