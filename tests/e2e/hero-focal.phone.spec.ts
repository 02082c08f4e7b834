import { mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// Issue 42, 'Encuadre': the owner uploads a wide photo whose subject is on its right-hand side.
// On a phone the hero is taller than wide and showed only the photo's middle; she taps the right
// edge of the picture in the admin, saves, and a visitor's phone shows that side: the picture's
// object-position is the point, and the hero's centre is the subject's colour. The test removes
// the photo again: the worker's server is shared with the other specs.

const FOLDER = path.join(os.tmpdir(), `hero-focal-${process.pid}`);
const PHOTO = path.join(FOLDER, "tienda-panoramica.png");
const WIDTH = 1600;
const HEIGHT = 900;
/**
 * Green, with its right-hand part red from 72 % of the width: a phone's hero (390 px wide, about
 * 480-600 px tall) shows 37-46 % of the width, so the centred crop ends before the red (at most
 * 73 %), and a crop on 95 % has the red from before its middle to its right edge.
 */
const RED_FROM = 0.72;
const RED = { r: 230, g: 0, b: 0 };
const GREEN = { r: 0, g: 150, b: 0 };

test.beforeAll(async () => {
  await mkdir(FOLDER, { recursive: true });
  const red = Math.round(WIDTH * (1 - RED_FROM));
  await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: GREEN } })
    .composite([
      {
        input: { create: { width: red, height: HEIGHT, channels: 3, background: RED } },
        left: WIDTH - red,
        top: 0,
      },
    ])
    .png()
    .toFile(PHOTO);
});
test.afterAll(async () => {
  await rm(FOLDER, { recursive: true, force: true });
});

/** The colour of the hero's pixel at (x, y) as fractions of its box, with its text and buttons hidden. */
async function heroPixel(hero: Locator, at: { x: number; y: number }) {
  const shot = await hero.screenshot({
    animations: "disabled",
    // Only the pictures and their dark layer: the title, the text and the controls are hidden.
    style: 'section[aria-label="Presentación"] > :not(:first-child) { visibility: hidden !important; }',
  });
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const x = Math.round((info.width - 1) * at.x);
  const y = Math.round((info.height - 1) * at.y);
  const i = (y * info.width + x) * info.channels;
  return { r: data[i] ?? 0, g: data[i + 1] ?? 0, b: data[i + 2] ?? 0 };
}
const isRed = (c: { r: number; g: number; b: number }) => c.r > 100 && c.g < 60 && c.b < 60;
const isGreen = (c: { r: number; g: number; b: number }) => c.g > 60 && c.r < 50 && c.b < 50;

async function removeOurs(page: Page, thumb: string) {
  await gotoReady(page, "/admin/hero-images");
  const tile = page
    .getByRole("region", { name: "Galería" })
    .getByRole("listitem")
    .filter({ has: page.locator(`img[src="${thumb}"]`) });
  if ((await tile.count()) === 0) return;
  await tile.getByRole("button", { name: "Eliminar" }).click();
  await page
    .getByRole("alertdialog", { name: "¿Eliminar esta imagen?" })
    .getByRole("button", { name: "Eliminar" })
    .click();
  await expect(page.getByText("Imagen eliminada correctamente.")).toBeVisible();
}

test.describe("a hero image framed by its focal point", () => {
  test.use({ signedInAs: "admin" });

  test("she taps the right edge of a wide photo and a phone's landing shows that side", async ({
    page,
    visitorPhone,
  }) => {
    test.setTimeout(90_000);
    await gotoReady(page, "/admin/hero-images");
    const gallery = page.getByRole("region", { name: "Galería" });
    const tiles = gallery.getByRole("list", { name: "Imágenes de la galería" }).getByRole("listitem");
    const n = await tiles.count();
    await gallery.getByLabel(/Elige una imagen para la galería/).setInputFiles(PHOTO);
    await gallery.getByRole("button", { name: "Añadir a la Galería" }).click();
    await expect(page.getByText("Imagen añadida a la galería.")).toBeVisible({ timeout: 15_000 }); // sharp re-encodes on a loaded CI machine
    await expect(tiles).toHaveCount(n + 1);
    const ours = gallery.getByRole("listitem", { name: `Imagen ${n + 1} de ${n + 1}` });
    const thumb = (await ours.getByRole("img").getAttribute("src")) ?? "";
    expect(thumb).toMatch(/-640w\.webp$/);
    const src = thumb.replace(/-640w\.webp$/, ".webp");

    try {
      // 'Encuadre': open our photo, tap 95 % of its width, halfway down.
      const name = `Galería: imagen ${n + 1}`;
      const card = page.getByRole("region", { name: "Encuadre" });
      await card.getByText(name, { exact: true }).click();
      const pickerName = `Elegir el punto que siempre se ve (${name})`;
      const picker = card.getByRole("button", { name: pickerName });
      await expect(picker).toHaveAccessibleName(/50 % horizontal, 50 % vertical/);
      // Measured once the photo has its height: tapped before it loaded (a box 0 px high on a
      // loaded CI machine), the tap landed on its top edge, '0 % vertical'.
      await expect.poll(async () => (await picker.boundingBox())?.height ?? 0).toBeGreaterThan(50);
      const box = await picker.boundingBox();
      if (!box) throw new Error("the picture to tap is not on the screen");
      await picker.click({ position: { x: box.width * 0.95, y: box.height / 2 } });
      await expect(picker).toHaveAccessibleName(/95 % horizontal, 50 % vertical/);
      // The form that holds the picture (a `has` locator is looked for inside the form).
      const editor = card.locator("form").filter({ has: page.getByRole("button", { name: pickerName }) });
      await expect(editor.getByLabel("Horizontal (%)")).toHaveValue("95");
      await expect(editor.getByLabel("Vertical (%)")).toHaveValue("50");
      // Its previews, the phone's and the computer's, are on the screen, and nothing is wider than it.
      await expect(editor.getByText("En un teléfono")).toBeVisible();
      await expect(editor.getByText("En una computadora")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await editor.getByRole("button", { name: "Guardar encuadre" }).click();
      await expect(page.getByText("Encuadre guardado.")).toBeVisible();
      await expect(card.locator("summary").filter({ hasText: name })).toContainText("Punto 95 % · 50 %");

      // A visitor's phone, still (no autoplay, no fade): our photo is the carousel's last.
      const phone = await visitorPhone();
      await phone.emulateMedia({ reducedMotion: "reduce" });
      await gotoReady(phone, "/");
      const hero = phone.getByRole("region", { name: "Presentación" });
      const img = hero.locator(`img[src="${src}"]`);
      await expect(img).toHaveCount(1);
      // Found by its role description: a hidden slide is out of the accessibility tree.
      const slide = hero
        .locator('[aria-roledescription="diapositiva"]')
        .filter({ has: phone.locator(`img[src="${src}"]`) });
      const label = (await slide.getAttribute("aria-label")) ?? "";
      const place = /^(\d+) de \d+$/.exec(label)?.[1];
      expect(place, label).toBeTruthy();
      await hero.getByRole("button", { name: `Ir a la imagen ${place}`, exact: true }).click();
      await expect(slide).toHaveAttribute("aria-hidden", "false");
      await expect(img).toBeVisible();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
        .toBe(true);

      // The point is the picture's object-position, and the red side is what the phone shows.
      expect(await img.evaluate((el) => getComputedStyle(el).objectPosition)).toBe("95% 50%");
      const centre = await heroPixel(hero, { x: 0.5, y: 0.5 });
      expect(isRed(centre), `the hero's centre is ${JSON.stringify(centre)}`).toBe(true);
      const right = await heroPixel(hero, { x: 0.97, y: 0.5 });
      expect(isRed(right), `the hero's right edge is ${JSON.stringify(right)}`).toBe(true);
      const left = await heroPixel(hero, { x: 0.03, y: 0.5 });
      expect(isGreen(left), `the hero's left edge is ${JSON.stringify(left)}`).toBe(true);
    } finally {
      await removeOurs(page, thumb);
    }
  });
});
