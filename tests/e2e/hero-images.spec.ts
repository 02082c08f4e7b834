import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// /admin/hero-images (docs/product.md §3.6) and what a visitor's landing page shows of it. The tests
// share the worker's server with the landing page's own specs, so each puts back what it changed.

const photo = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function openScreen(page: Page) {
  await gotoReady(page, "/admin/hero-images");
  await expect(page.getByRole("heading", { level: 1, name: "Gestión del Carrusel Principal" })).toBeVisible();
}

const region = (page: Page, name: string) => page.getByRole("region", { name });
/** The landing hero's picture on screen (hidden slides are aria-hidden). */
const heroImage = (page: Page) => region(page, "Presentación").getByRole("img");

type Recorded = { __uploads: string[] };

/** Records the files the page sends (XMLHttpRequest bodies are not observable from the test). */
async function recordUploads(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Recorded;
    w.__uploads = [];
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      const image = body instanceof FormData ? body.get("image") : null;
      if (image instanceof File) w.__uploads.push(`${image.name} ${image.type}`);
      return send.call(this, body);
    };
  });
}

/** Puts the carousel settings back to the defaults (docs/product.md §5) whatever a test did. */
async function defaultSettings(admin: APIRequestContext) {
  const form = {
    intent: "hero-settings-save",
    isEnabled: "true",
    autoplaySpeed: "5000",
    showArrows: "true",
    showDots: "true",
  };
  expect((await admin.post("/admin/hero-images", { form })).status()).toBe(200);
}

test.describe("hero carousel management", () => {
  test.use({ signedInAs: "admin" });

  test("a new main image and its display settings show on the visitor's landing page", async ({
    page,
    visitorPhone,
  }) => {
    test.setTimeout(60_000);
    await recordUploads(page);
    await openScreen(page);
    const main = region(page, "Imagen Principal");
    await main.getByLabel(/Elige la nueva imagen principal/).setInputFiles({
      name: "tienda-nueva.jpg",
      mimeType: "image/jpeg",
      buffer: await photo(2400, 1600, "#2c7dc0"),
    });
    await expect(main.getByRole("img", { name: "Vista previa de la imagen elegida" })).toBeVisible();
    await main.getByRole("button", { name: "Guardar Nueva Imagen Principal" }).click();
    // The browser resized it to a WebP named after the original (docs/product.md §3.6, §5).
    await expect
      .poll(() => page.evaluate(() => (window as unknown as Recorded).__uploads))
      .toEqual(["resized-tienda-nueva.webp image/webp"]);
    await expect(page.getByText("Imagen principal actualizada.")).toBeVisible({ timeout: 15_000 }); // sharp re-encodes on a loaded CI machine
    // Its line names the file as she picked it, never the resized file (issue 42).
    await expect(main.getByRole("listitem").filter({ hasText: "tienda-nueva.jpg" })).toContainText("Subida");
    await expect(main.getByText("resized-tienda-nueva.webp")).toHaveCount(0);
    const current = main.getByRole("img", { name: "Nuestro mini market latino en Miami" });
    await expect(current).toHaveAttribute("src", /\/site-assets\/public\/hero-main\/.+\.webp$/);
    const src = (await current.getAttribute("src")) ?? "";

    const style = region(page, "Ajustes de Visualización");
    await style.getByLabel("Ajuste de la imagen").selectOption("contain");
    await style.getByLabel("Posición horizontal").selectOption("left");
    await style.getByLabel("Posición vertical").selectOption("top");
    await style.getByLabel("Ancho", { exact: true }).fill("80");
    await expect(style.getByText("80 %")).toBeVisible();
    // The live preview follows before anything is saved.
    await expect(style.locator("figure img")).toHaveCSS("object-fit", "contain");
    await style.getByRole("button", { name: "Guardar Ajustes" }).click();
    await expect(page.getByText("Ajustes guardados.").first()).toBeVisible();

    const visitor = await visitorPhone();
    await gotoReady(visitor, "/");
    const hero = heroImage(visitor);
    await expect(hero).toHaveAttribute("src", src);
    await expect(hero).toHaveAttribute("alt", "Nuestro mini market latino en Miami");
    await expect(hero).toHaveCSS("object-fit", "contain");
    await expect(hero).toHaveCSS("object-position", "0% 0%");
    expect(await hero.evaluate((el) => el.style.width)).toBe("80%");

    // The default look again, for the landing page's own tests.
    await style.getByLabel("Ajuste de la imagen").selectOption("cover");
    await style.getByLabel("Posición horizontal").selectOption("center");
    await style.getByLabel("Posición vertical").selectOption("center");
    await style.getByLabel("Ancho", { exact: true }).fill("100");
    await style.getByRole("button", { name: "Guardar Ajustes" }).click();
    await expect(page.getByText("Ajustes guardados.").first()).toBeVisible();
  });

  test("gallery images are added, described, reordered, made main and deleted; the landing follows", async ({
    page,
    visitorPhone,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    await openScreen(page);
    const gallery = region(page, "Galería");
    const tiles = gallery.getByRole("list", { name: "Imágenes de la galería" }).getByRole("listitem");
    const n = await tiles.count();
    await gallery.getByLabel(/Elige una imagen para la galería/).setInputFiles({
      name: "entrada.jpg",
      mimeType: "image/jpeg",
      buffer: await photo(1920, 1080, "#3f9b4f"),
    });
    await gallery.getByRole("button", { name: "Añadir a la Galería" }).click();
    await expect(page.getByText("Imagen añadida a la galería.")).toBeVisible({ timeout: 15_000 }); // sharp re-encodes on a loaded CI machine
    const total = n + 1;
    const added = gallery.getByRole("listitem", { name: `Imagen ${total} de ${total}` });
    await added.getByLabel(`Descripción de la imagen ${total}`).fill("Nuestra entrada con frutas frescas");
    await added.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Descripción guardada.")).toBeVisible();
    const ours = gallery.getByRole("listitem").filter({
      has: page.getByRole("img", { name: "Nuestra entrada con frutas frescas" }),
    });

    // The move buttons, for keyboard and screen-reader users: the focus stays on the moved image.
    await ours.getByRole("button", { name: `Mover imagen ${total} antes` }).click();
    await expect(ours).toHaveAccessibleName(`Imagen ${n} de ${total}`);
    await expect(ours.getByRole("button", { name: `Mover imagen ${n} antes` })).toBeFocused();
    await expect(gallery.getByText(`Imagen movida a la posición ${n} de ${total}.`)).toBeAttached();
    if (testInfo.project.name === "desktop") {
      // Dragging its picture onto the first image puts it first.
      await ours.getByRole("img").dragTo(tiles.first().getByRole("img"));
    } else {
      for (let at = n; at > 1; at--) {
        await ours.getByRole("button", { name: `Mover imagen ${at} antes` }).click();
        await expect(ours).toHaveAccessibleName(`Imagen ${at - 1} de ${total}`);
      }
    }
    await expect(ours).toHaveAccessibleName(`Imagen 1 de ${total}`);
    await openScreen(page);
    await expect(tiles.first().getByRole("img")).toHaveAttribute("alt", "Nuestra entrada con frutas frescas");
    const addedSrc = (await tiles.first().getByRole("img").getAttribute("src")) ?? "";

    // The landing carousel: the main image, then the gallery in this order.
    const visitor = await visitorPhone();
    await gotoReady(visitor, "/");
    await visitor.getByRole("button", { name: "Ir a la imagen 2" }).click();
    await expect(heroImage(visitor)).toHaveAttribute("alt", "Nuestra entrada con frutas frescas");

    await tiles.first().getByRole("button", { name: "Establecer como principal" }).click();
    await expect(page.getByText("Imagen establecida como principal.")).toBeVisible();
    const main = region(page, "Imagen Principal");
    await expect(main.getByRole("img", { name: "Nuestra entrada con frutas frescas" })).toBeVisible();
    await gotoReady(visitor, "/");
    await expect(heroImage(visitor)).toHaveAttribute("alt", "Nuestra entrada con frutas frescas");

    // docs/product.md §4.8: the main image cannot go while others exist.
    await main.getByRole("button", { name: "Eliminar imagen principal" }).click();
    await page
      .getByRole("alertdialog", { name: "¿Eliminar la imagen principal?" })
      .getByRole("button", { name: "Eliminar" })
      .click();
    await expect(page.getByText("Acción no permitida")).toBeVisible();
    await expect(main.getByRole("img", { name: "Nuestra entrada con frutas frescas" })).toBeVisible();

    // The previous main image swapped into the gallery's first place: make it main again.
    await tiles.first().getByRole("button", { name: "Establecer como principal" }).click();
    await expect(main.getByRole("img", { name: "Nuestra entrada con frutas frescas" })).toBeHidden();
    await ours.getByRole("button", { name: "Eliminar" }).click();
    const confirm = page.getByRole("alertdialog", { name: "¿Eliminar esta imagen?" });
    await expect(confirm).toContainText("se eliminará permanentemente del servidor");
    await confirm.getByRole("button", { name: "Eliminar" }).click();
    await expect(page.getByText("Imagen eliminada correctamente.")).toBeVisible();
    await expect(tiles).toHaveCount(n);
    // Its stored files went with it.
    expect((await request.get(addedSrc)).status()).toBe(404);
  });

  test("autoplay, arrows and turning the carousel off reach the landing page", async ({
    page,
    visitorPhone,
    staffRequest,
  }) => {
    test.setTimeout(60_000);
    try {
      await openScreen(page);
      const settings = region(page, "Configuración del Carrusel");
      const speed = settings.getByLabel("Velocidad en milisegundos");
      const slider = settings.getByLabel("Velocidad de reproducción automática");
      await speed.fill("2750");
      await settings.getByRole("button", { name: "Guardar Configuración" }).click();
      await expect(settings.getByText("La velocidad va en pasos de 500 ms.")).toBeVisible();
      await expect(speed).toHaveValue("2750");
      await slider.fill("2000");
      await expect(speed).toHaveValue("2000");
      await expect(settings.getByText("La velocidad va en pasos de 500 ms.")).toBeHidden();
      await settings.getByRole("switch", { name: "Mostrar flechas" }).click();
      await settings.getByRole("button", { name: "Guardar Configuración" }).click();
      await expect(page.getByText("Configuración guardada.").first()).toBeVisible();

      const visitor = await visitorPhone();
      await gotoReady(visitor, "/");
      const carousel = region(visitor, "Presentación");
      await expect(carousel).toHaveAttribute("data-autoplay", "playing");
      // 2000 ms instead of the default 5000 (plus the 1.5 s fade).
      await expect(carousel.getByRole("group", { name: /^2 de/ })).toBeVisible({ timeout: 3_500 });
      await expect(visitor.getByRole("button", { name: "Imagen siguiente" })).toHaveCount(0);
      await expect(visitor.getByRole("button", { name: "Ir a la imagen 1" })).toBeVisible();

      // Off: every other control is disabled, and the landing shows one still picture.
      await settings.getByRole("switch", { name: "Carrusel activado" }).click();
      await expect(speed).toBeDisabled();
      await expect(slider).toBeDisabled();
      await expect(settings.getByRole("switch", { name: "Mostrar puntos" })).toBeDisabled();
      await settings.getByRole("button", { name: "Guardar Configuración" }).click();
      await expect(page.getByText("Configuración guardada.").first()).toBeVisible();
      await gotoReady(page, "/admin/hero-images");
      await expect(settings.getByLabel("Velocidad en milisegundos")).toHaveValue("2000");

      await gotoReady(visitor, "/");
      await expect(heroImage(visitor)).toHaveCount(1);
      await expect(carousel.getByRole("group")).toHaveCount(0);
      await expect(visitor.getByRole("button", { name: /^Ir a la imagen/ })).toHaveCount(0);
      await expect(carousel).toHaveAttribute("data-autoplay", "stopped");
    } finally {
      await defaultSettings(await staffRequest("admin"));
    }
  });

  test("the screen has no accessibility violations, with a field error and with a confirmation", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openScreen(page);
    expect(await axeViolations(page, { feature: true })).toEqual([]);
    const settings = region(page, "Configuración del Carrusel");
    await settings.getByLabel("Velocidad en milisegundos").fill("123");
    await settings.getByRole("button", { name: "Guardar Configuración" }).click();
    await expect(settings.getByText("La velocidad mínima es 1000 ms.")).toBeVisible();
    await region(page, "Galería").getByRole("button", { name: "Eliminar" }).first().click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    expect(await axeViolations(page, { feature: true })).toEqual([]);
  });
});

test("the server refuses hero changes from visitors and operador, and unsafe files from admin", async ({
  request,
  staffRequest,
}) => {
  const image = { name: "x.jpg", mimeType: "image/jpeg", buffer: await photo(64, 36, "#000") };
  expect(
    (await request.post("/admin/uploads", { multipart: { intent: "hero-gallery-add", image } })).status(),
  ).toBe(401);
  const operador = await staffRequest("operador");
  expect(
    (await operador.post("/admin/uploads", { multipart: { intent: "hero-gallery-add", image } })).status(),
  ).toBe(403);
  const form = {
    intent: "hero-settings-save",
    isEnabled: "false",
    autoplaySpeed: "1000",
    showArrows: "true",
    showDots: "true",
  };
  expect((await operador.post("/admin/hero-images", { form })).status()).toBe(403);

  const admin = await staffRequest("admin");
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  const res = await admin.post("/admin/uploads", {
    multipart: {
      intent: "hero-gallery-add",
      image: { name: "x.webp", mimeType: "image/webp", buffer: svg },
    },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).message.description).toMatch(
    /^Error al subir imagen: Las imágenes SVG no se aceptan/,
  );
});
