import fs from "node:fs";
import sharp from "sharp";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { createSiteContentCache, type SiteContentCache } from "~/.server/content/site";
import { openPostgres } from "~/.server/db/client";
import { heroCarouselSettings, heroGalleryImages } from "~/.server/db/schema";
import type { BusEvent } from "~/.server/events/bus";
import type { Services } from "~/.server/services";
import type { Storage } from "~/.server/storage/storage";
import { startTestApp } from "~/.server/testing/app";
import { createTestDb, onPostgres, testLogger } from "~/.server/testing/db";
import { isStored, storedFiles, storedPath, testPhoto } from "~/.server/testing/images";
import { callRoute, formPost, ownerOf, routeContext, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestDatabase, setupTestStorage } from "~/.server/testing/setup";
import { TOPICS } from "~/lib/events";
import type { FormReply } from "~/lib/forms";
import { HERO_DEFAULT_ALT } from "~/lib/hero";
import { loader as homeLoader } from "~/routes/home/route";
import { action as upload, loader as uploadsPage } from "../uploads";
import { action, loader } from "./route";

type RouteFn = Parameters<typeof callRoute>[0];
const h = setupTestDatabase({ seed: true, bus: true });
const storage = setupTestStorage();
let siteContent: SiteContentCache | null = null;
const services = (s: Storage = storage) => {
  siteContent ??= createSiteContentCache({ db: h.db, bus: h.bus, logger: testLogger });
  return { db: h.db, bus: h.bus, storage: s, logger: testLogger, siteContent } as unknown as Services;
};
let admin: StaffUser;

const post = (fn: RouteFn, fields: Record<string, string | Blob>, user: StaffUser | null = admin) =>
  callRoute<FormReply>(fn, formPost("/admin/hero-images", fields), routeContext(services(), user));
const addToGallery = async (image?: Blob) =>
  post(upload, { intent: "hero-gallery-add", image: image ?? (await testPhoto()) });
const images = () => h.db.select().from(heroGalleryImages).orderBy(heroGalleryImages.displayOrder);
const page = async () =>
  (
    await callRoute<Awaited<ReturnType<typeof loader>>>(
      loader,
      new Request("http://localhost/admin/hero-images"),
      routeContext(services(), admin),
    )
  ).data;
const landing = async () =>
  (
    await callRoute<Awaited<ReturnType<typeof homeLoader>>>(
      homeLoader,
      new Request("http://localhost/"),
      routeContext(services(), null),
    )
  ).data;

beforeEach(async () => {
  admin ??= await ownerOf(h.db);
  await h.db.delete(heroGalleryImages);
});

describe("/admin/hero-images: the main image and the gallery (docs/product.md §3.6)", () => {
  it("stores a new main image as 1920x1080 WebP with the 640/960/1280 widths, and replaces it later", async () => {
    const events: BusEvent[] = [];
    const stop = h.bus.subscribe((e) => events.push(e));
    const first = await post(upload, {
      intent: "hero-main-save",
      image: await testPhoto({ width: 3000, height: 2000, grain: true }),
    });
    expect(first).toMatchObject({
      status: 200,
      data: { ok: true, message: { description: "Imagen principal actualizada." } },
    });
    const [main] = await images();
    expect(main).toMatchObject({
      displayOrder: 0,
      isActive: true,
      altText: HERO_DEFAULT_ALT,
      uploadedBy: admin.id,
    });
    const url = main?.imageUrl ?? "";
    expect(url).toMatch(/^\/files\/site-assets\/public\/hero-main\/\d+-[a-z0-9]+\.webp$/);
    const meta = await sharp(storedPath(storage.root, url)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1620, 1080]);
    // Phones' 960 px copy is encoded at quality 80 (smaller than a quality-90 copy of it).
    const phoneCopy = fs.statSync(storedPath(storage.root, url.replace(".webp", "-960w.webp"))).size;
    const at90 = await sharp(storedPath(storage.root, url))
      .resize({ width: 960 })
      .webp({ quality: 90 })
      .toBuffer();
    expect(phoneCopy).toBeLessThan(at90.length);
    for (const w of [640, 960, 1280])
      expect(isStored(storage.root, url.replace(".webp", `-${w}w.webp`))).toBe(true);
    // Announced to every instance (on Postgres the event arrives through LISTEN/NOTIFY).
    const announced = () => events.some((e) => e.topic === TOPICS.site && e.payload.kind === "hero");
    await vi.waitFor(() => expect(announced()).toBe(true));
    stop();

    await post(action, {
      intent: "hero-style-save",
      width: "80",
      height: "60",
      object_fit: "contain",
      object_position_x: "left",
      object_position_y: "top",
    });
    await post(upload, { intent: "hero-main-save", image: await testPhoto() });
    const [replaced] = await images();
    expect(replaced?.id).toBe(main?.id);
    expect(replaced?.imageUrl).not.toBe(url);
    // The old picture and its widths are gone; the display settings stay with the main place.
    expect(isStored(storage.root, url)).toBe(false);
    expect(isStored(storage.root, url.replace(".webp", "-960w.webp"))).toBe(false);
    expect(replaced?.styleSettings).toMatchObject({ object_fit: "contain", width: 80 });
    expect((await landing()).slides[0]).toMatchObject({
      src: replaced?.imageUrl,
      alt: HERO_DEFAULT_ALT,
      style: {
        object_fit: "contain",
        object_position_x: "left",
        object_position_y: "top",
        width: 80,
        height: 60,
      },
    });
  });

  it("gives a new gallery image the lowest unused positive order", async () => {
    await h.db.insert(heroGalleryImages).values([
      { imageUrl: "/files/site-assets/public/hero-main/a.webp", displayOrder: 0 },
      { imageUrl: "/files/site-assets/public/hero-gallery/b.webp", displayOrder: 1 },
      { imageUrl: "/files/site-assets/public/hero-gallery/c.webp", displayOrder: 3 },
    ]);
    expect((await addToGallery()).data.message?.description).toBe("Imagen añadida a la galería.");
    expect((await addToGallery()).status).toBe(200);
    expect((await images()).map((i) => i.displayOrder)).toEqual([0, 1, 2, 3, 4]);
    expect((await images())[2]?.imageUrl).toMatch(/\/public\/hero-gallery\//);
  });

  it("never holds more than 6 images, even with uploads at the same time", async () => {
    await post(upload, { intent: "hero-main-save", image: await testPhoto() });
    const before = storedFiles(storage.root, "site-assets/public/hero-gallery").length;
    const results = await Promise.all(
      Array.from({ length: 8 }, async () => addToGallery(await testPhoto({ width: 400, height: 300 }))),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual([409, 409, 409]);
    expect(refused[0]?.data.message).toMatchObject({
      title: "Límite Alcanzado",
      description: "No se pueden tener más de 6 imágenes en total.",
    });
    expect((await images()).map((i) => i.displayOrder)).toEqual([0, 1, 2, 3, 4, 5]);
    // The refused uploads left no file behind: 4 files (main + 3 widths) per stored image.
    expect(storedFiles(storage.root, "site-assets/public/hero-gallery").length - before).toBe(5 * 4);
    // The main image can still be replaced (that adds nothing).
    expect((await post(upload, { intent: "hero-main-save", image: await testPhoto() })).status).toBe(200);
    expect(await images()).toHaveLength(6);
  });

  it("swaps orders to set a new main image, and refuses to delete the main one while others exist", async () => {
    await post(upload, { intent: "hero-main-save", image: await testPhoto() });
    await addToGallery();
    await addToGallery();
    const [main, g1, g2] = await images();
    const swapped = await post(action, { intent: "hero-set-main", id: g2?.id ?? "" });
    expect(swapped.data.message?.description).toBe("Imagen establecida como principal.");
    expect((await images()).map((i) => i.id)).toEqual([g2?.id, g1?.id, main?.id]);

    const refused = await post(action, { intent: "hero-delete", id: g2?.id ?? "" });
    expect(refused.status).toBe(409);
    expect(refused.data.message).toMatchObject({ title: "Acción no permitida" });
    expect(await images()).toHaveLength(3);

    const deleted = await post(action, { intent: "hero-delete", id: main?.id ?? "" });
    expect(deleted.data.message).toMatchObject({
      title: "Éxito",
      description: "Imagen eliminada correctamente.",
    });
    expect(isStored(storage.root, main?.imageUrl ?? "")).toBe(false);
    expect(isStored(storage.root, (main?.imageUrl ?? "").replace(".webp", "-1280w.webp"))).toBe(false);
    await post(action, { intent: "hero-delete", id: g1?.id ?? "" });
    // Alone, the main image may go.
    expect((await post(action, { intent: "hero-delete", id: g2?.id ?? "" })).status).toBe(200);
    expect(await images()).toHaveLength(0);
    const gone = await post(action, { intent: "hero-delete", id: g2?.id ?? "" });
    expect([gone.status, gone.data.message?.description]).toEqual([404, "Imagen no encontrada."]);
  });

  it("reorders the gallery and saves alt texts the landing carousel reads", async () => {
    await post(upload, { intent: "hero-main-save", image: await testPhoto() });
    for (let i = 0; i < 3; i++) await addToGallery();
    const [main, a, b, c] = await images();
    const order = [c?.id, a?.id, b?.id].map(String);
    const form = new FormData();
    form.set("intent", "hero-reorder");
    for (const id of order) form.append("ids", id);
    const request = new Request("http://localhost/admin/hero-images", { method: "POST", body: form });
    const reordered = await callRoute<FormReply>(action, request, routeContext(services(), admin));
    expect(reordered.data).toMatchObject({ ok: true, message: null });
    expect((await images()).map((i) => i.id)).toEqual([main?.id, ...order]);

    const stale = new FormData();
    stale.set("intent", "hero-reorder");
    for (const id of order.slice(0, 2)) stale.append("ids", id);
    const refused = await callRoute<FormReply>(
      action,
      new Request("http://localhost/x", { method: "POST", body: stale }),
      routeContext(services(), admin),
    );
    expect(refused.status).toBe(409);

    await post(action, { intent: "hero-alt", id: c?.id ?? "", altText: "  Frutas frescas en la entrada  " });
    const slides = (await landing()).slides;
    expect(slides.map((s) => s.id)).toEqual([main?.id, ...order]);
    expect(slides[1]?.alt).toBe("Frutas frescas en la entrada");
    const empty = await post(action, { intent: "hero-alt", id: c?.id ?? "", altText: " " });
    expect(empty.status).toBe(400);
    expect(empty.data.result.error?.altText).toEqual(["Escribe una descripción de la imagen."]);
  });

  it("saves the carousel settings the landing page uses, and refuses values out of range in Spanish", async () => {
    const saved = await post(action, {
      intent: "hero-settings-save",
      isEnabled: "false",
      autoplaySpeed: "2500",
      showArrows: "false",
      showDots: "true",
    });
    expect(saved.data.message?.description).toBe("Configuración guardada.");
    expect((await page()).settings).toEqual({
      isEnabled: false,
      autoplaySpeed: 2500,
      showArrows: false,
      showDots: true,
    });
    expect((await landing()).config).toMatchObject({ autoplay: false, delay: 2500, showArrows: false });

    const bad = await post(action, {
      intent: "hero-settings-save",
      isEnabled: "true",
      autoplaySpeed: "2750",
      showArrows: "true",
      showDots: "true",
    });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error?.autoplaySpeed).toEqual(["La velocidad va en pasos de 500 ms."]);
    expect(bad.data.result.initialValue).toMatchObject({ autoplaySpeed: "2750" });
    const slow = await post(action, {
      intent: "hero-settings-save",
      isEnabled: "true",
      autoplaySpeed: "20000",
      showArrows: "true",
      showDots: "true",
    });
    expect(slow.data.result.error?.autoplaySpeed).toEqual(["La velocidad máxima es 10000 ms."]);
    const style = await post(action, {
      intent: "hero-style-save",
      width: "5",
      height: "100",
      object_fit: "stretch",
      object_position_x: "left",
      object_position_y: "top",
    });
    expect(style.status).toBe(400);
    expect(style.data.result.error).toMatchObject({
      width: ["El ancho mínimo es 10 %."],
      object_fit: ["Elige un ajuste de la lista."],
    });
    // No main image: nothing to style.
    const none = await post(action, {
      intent: "hero-style-save",
      width: "50",
      height: "100",
      object_fit: "cover",
      object_position_x: "left",
      object_position_y: "top",
    });
    expect([none.status, none.data.message?.description]).toEqual([404, "Imagen no encontrada."]);
    await h.db.update(heroCarouselSettings).set({ isEnabled: true, autoplaySpeed: 5000, showArrows: true });
  });

  it("refuses files that are not images, too large or SVG, and keeps nothing of them", async () => {
    const before = storedFiles(storage.root, "site-assets/public/hero-gallery").length;
    const text = new File(["hola, no soy una foto"], "nota.jpg", { type: "image/jpeg" });
    const svg = new File(
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      "x.png",
      { type: "image/png" },
    );
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "enorme.jpg", { type: "image/jpeg" });
    const gif = await testPhoto({ format: "gif", width: 50, height: 50 });
    const answers = await Promise.all([text, svg, huge, gif].map((f) => addToGallery(f)));
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect(answers.map((a) => a.data.message?.description)).toEqual([
      "Error al subir imagen: El archivo no es una imagen válida.",
      "Error al subir imagen: Las imágenes SVG no se aceptan. Usa una foto JPG, PNG o WebP.",
      "La imagen es demasiado grande (máx 10MB).",
      "Error al subir imagen: Formato de imagen no válido. Use JPG, PNG o WebP.",
    ]);
    const missing = await post(upload, { intent: "hero-gallery-add" });
    expect([missing.status, missing.data.result.error?.image]).toEqual([400, ["Selecciona una imagen."]]);
    expect(await images()).toHaveLength(0);
    expect(storedFiles(storage.root, "site-assets/public/hero-gallery")).toHaveLength(before);
  });

  it("is refused to visitors (401) and operador (403); the page sends them away", async () => {
    await post(upload, { intent: "hero-main-save", image: await testPhoto() });
    const [main] = await images();
    const attempts: [RouteFn, Record<string, string | Blob>][] = [
      [upload, { intent: "hero-gallery-add", image: await testPhoto() }],
      [upload, { intent: "hero-main-save", image: await testPhoto() }],
      [action, { intent: "hero-delete", id: main?.id ?? "" }],
      [
        action,
        {
          intent: "hero-settings-save",
          isEnabled: "false",
          autoplaySpeed: "1000",
          showArrows: "true",
          showDots: "true",
        },
      ],
      [
        action,
        {
          intent: "hero-style-save",
          width: "50",
          height: "50",
          object_fit: "fill",
          object_position_x: "left",
          object_position_y: "top",
        },
      ],
    ];
    for (const [fn, fields] of attempts) {
      expect((await post(fn, fields, null)).status).toBe(401);
      expect((await post(fn, fields, TEST_OPERADOR)).status).toBe(403);
    }
    expect((await images()).map((i) => i.imageUrl)).toEqual([main?.imageUrl]);
    const visitor = await callRoute(
      loader,
      new Request("http://localhost/admin/hero-images"),
      routeContext(services(), null),
    );
    expect(visitor.location).toMatch(/^\/admin-login\?redirectTo=/);
    const operador = await callRoute(
      loader,
      new Request("http://localhost/admin/hero-images"),
      routeContext(services(), TEST_OPERADOR),
    );
    expect(operador.location).toBe("/admin");
    const get = await callRoute(
      uploadsPage,
      new Request("http://localhost/admin/uploads"),
      routeContext(services(), admin),
    );
    expect(get.status).toBe(405);
  });
});

describe.runIf(onPostgres)("two instances on one Postgres", () => {
  it("a hero change on one instance is announced to the other and shows on its landing page", async () => {
    const dbA = await createTestDb();
    const a = await startTestApp(dbA);
    const b = await startTestApp(await openPostgres(dbA.url ?? "", { max: 5 }));
    try {
      const heard: BusEvent[] = [];
      const stop = b.services.bus.subscribe((e) => heard.push(e));
      const owner = await ownerOf(a.services.db);
      const r = await callRoute<FormReply>(
        upload,
        formPost("/admin/uploads", { intent: "hero-main-save", image: await testPhoto() }),
        routeContext(a.services, owner),
      );
      expect(r.status).toBe(200);
      const announced = () => heard.some((e) => e.topic === TOPICS.site && e.payload.kind === "hero");
      await vi.waitFor(() => expect(announced()).toBe(true), { timeout: 2000 });
      stop();
      const onB = await callRoute<Awaited<ReturnType<typeof homeLoader>>>(
        homeLoader,
        new Request("http://localhost/"),
        routeContext(b.services, null),
      );
      expect(onB.data.slides[0]?.src).toMatch(/\/public\/hero-main\//);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
