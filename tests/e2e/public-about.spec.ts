import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// About page /nosotros (docs/product.md §2.6): values and the customer-photo carousel with its lightbox.

test.describe("about page", () => {
  test("mission, vision and the three values", async ({ page }) => {
    await page.goto("/nosotros");
    await expect(page.getByRole("heading", { level: 1, name: "Nosotros" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nuestra Misión" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nuestra Visión" })).toBeVisible();
    for (const value of ["Confiabilidad", "Excelencia", "Compromiso"]) {
      await expect(page.getByRole("heading", { name: value })).toBeVisible();
    }
  });

  test("the customer photos autoplay; the lightbox stops it and closes with Escape", async ({ page }) => {
    await gotoReady(page, "/nosotros");
    // includeHidden: while the lightbox is open the rest of the page is aria-hidden.
    const carousel = page.getByRole("region", { name: "Fotos de nuestros clientes", includeHidden: true });
    await expect(carousel).toHaveAttribute("data-autoplay", "playing");
    const photos = carousel.getByRole("button", { name: /^Ampliar foto/ });
    const n = await photos.count();
    expect(n).toBeGreaterThan(2);
    await expect(photos.first().getByRole("img")).toHaveAttribute("alt", /Cliente satisfecho/i);

    await photos.first().click();
    const lightbox = page.getByRole("dialog", { name: `Foto 1 de ${n}` });
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByRole("img")).toHaveAttribute("alt", /Cliente satisfecho/i);
    await expect(carousel).toHaveAttribute("data-autoplay", "stopped");
    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
    // Closing starts the autoplay afresh.
    await expect(carousel).toHaveAttribute("data-autoplay", "playing");
  });

  test("arrow keys and buttons move through the photos, wrapping at both ends", async ({ page }) => {
    await gotoReady(page, "/nosotros");
    const carousel = page.getByRole("region", { name: "Fotos de nuestros clientes" });
    const n = await carousel.getByRole("button", { name: /^Ampliar foto/ }).count();
    await carousel.getByRole("button", { name: `Ampliar foto 1 de ${n}` }).click();
    await expect(page.getByRole("dialog", { name: `Foto 1 de ${n}` })).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("dialog", { name: `Foto ${n} de ${n}` })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("dialog", { name: `Foto 1 de ${n}` })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("dialog", { name: `Foto 2 de ${n}` })).toBeVisible();
    await page.getByRole("button", { name: "Foto anterior" }).click();
    await page.getByRole("button", { name: "Foto anterior" }).click();
    await expect(page.getByRole("dialog", { name: `Foto ${n} de ${n}` })).toBeVisible();
    await page.getByRole("button", { name: "Foto siguiente" }).click();
    await expect(page.getByRole("dialog", { name: `Foto 1 de ${n}` })).toBeVisible();
    await page.getByRole("button", { name: "Cerrar" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("a click on the dark backdrop closes the lightbox", async ({ page }) => {
    await gotoReady(page, "/nosotros");
    await page.getByRole("button", { name: /^Ampliar foto 2 de/ }).click();
    const lightbox = page.getByRole("dialog", { name: /^Foto 2 de/ });
    await expect(lightbox).toBeVisible();
    // A person clicks beside it once it has opened (its entry animation over), not as it appears.
    await lightbox.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    await page.mouse.click(5, 5);
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(
      page.getByRole("region", { name: "Fotos de nuestros clientes", includeHidden: true }),
    ).toHaveAttribute("data-autoplay", "playing");
  });

  test("the pause button stops the autoplay and it stays stopped after the lightbox", async ({ page }) => {
    await gotoReady(page, "/nosotros");
    const carousel = page.getByRole("region", { name: "Fotos de nuestros clientes", includeHidden: true });
    await carousel.getByRole("button", { name: "Pausar carrusel" }).click();
    await expect(carousel).toHaveAttribute("data-autoplay", "stopped");
    await carousel.getByRole("button", { name: /^Ampliar foto 1 de/ }).click();
    // A person presses Escape on the lightbox they see (its code loads on first use).
    await expect(page.getByRole("dialog", { name: /^Foto 1 de/ })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(carousel).toHaveAttribute("data-autoplay", "stopped");
  });
});
