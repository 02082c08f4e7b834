import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { createSiteContentCache } from "~/.server/content/site";
import { aboutUsCarouselImages } from "~/.server/db/schema";
import type { Services } from "~/.server/services";
import type { Storage } from "~/.server/storage/storage";
import { testLogger } from "~/.server/testing/db";
import { isStored, storedFiles, storedPath, testPhoto } from "~/.server/testing/images";
import { callRoute, formPost, routeContext, TEST_ADMIN, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestDatabase, setupTestStorage } from "~/.server/testing/setup";
import type { FormReply } from "~/lib/forms";
import { UPLOAD_RULES, type UploadRule } from "~/lib/uploads";
import { loader as aboutLoader } from "~/routes/nosotros/route";
import { action as upload } from "../uploads";
import { action, loader } from "./route";

type RouteFn = Parameters<typeof callRoute>[0];
const h = setupTestDatabase({ seed: true, bus: true });
const storage = setupTestStorage();
const FOLDER = "site-assets/customer-carousel";
const services = (s: Storage = storage) =>
  ({
    db: h.db,
    bus: h.bus,
    storage: s,
    logger: testLogger,
    siteContent: createSiteContentCache({ db: h.db, bus: h.bus, logger: testLogger }),
  }) as unknown as Services;

const post = (
  fn: RouteFn,
  fields: Record<string, string | Blob>,
  user: StaffUser | null = TEST_ADMIN,
  s?: Storage,
) => callRoute<FormReply>(fn, formPost("/admin/clientes", fields), routeContext(services(s), user));
const uploadPhoto = async (image?: Blob, fileName = "cliente.jpg") =>
  post(upload, { intent: "customer-photo-upload", image: image ?? (await testPhoto()), fileName });
const rows = () => h.db.select().from(aboutUsCarouselImages).orderBy(aboutUsCarouselImages.displayOrder);
const aboutPage = async () =>
  (
    await callRoute<Awaited<ReturnType<typeof aboutLoader>>>(
      aboutLoader,
      new Request("http://localhost/nosotros"),
      routeContext(services(), null),
    )
  ).data.photos;

beforeEach(async () => {
  await h.db.delete(aboutUsCarouselImages);
});

describe("'Carrusel Clientes' (docs/product.md §3.2)", () => {
  it("stores an uploaded photo as a 300x300 WebP, active, last, with the spec's alt text", async () => {
    expect((await uploadPhoto()).data).toMatchObject({ ok: true, message: null });
    const second = await uploadPhoto(await testPhoto({ format: "png", width: 500, height: 800 }));
    expect(second.status).toBe(200);
    const [a, b] = await rows();
    expect(a).toMatchObject({ altText: "Cliente satisfecho", isActive: true, displayOrder: 0 });
    expect(b?.displayOrder).toBe(1);
    expect(b?.imageUrl).toMatch(/^\/files\/site-assets\/customer-carousel\/\d+-[a-z0-9]+\.webp$/);
    const meta = await sharp(storedPath(storage.root, b?.imageUrl ?? "")).metadata();
    // Cut to the square the pages show, from the centre, as the browser cuts it.
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 300, 300]);
    expect(await aboutPage()).toEqual([
      { id: a?.id, src: a?.imageUrl, alt: "Cliente satisfecho" },
      { id: b?.id, src: b?.imageUrl, alt: "Cliente satisfecho" },
    ]);
    const panel = await callRoute<{ photos: { id: string }[] }>(
      loader,
      new Request("http://localhost/admin/clientes"),
      routeContext(services(), TEST_ADMIN),
    );
    expect(panel.data.photos.map((p) => p.id)).toEqual([a?.id, b?.id]);
  });

  it("never holds more than 10 photos, even with uploads at the same time", async () => {
    const before = storedFiles(storage.root, FOLDER).length;
    const results = await Promise.all(
      Array.from({ length: 13 }, async (_, i) =>
        uploadPhoto(await testPhoto({ width: 320 + i, height: 320 })),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual([409, 409, 409]);
    expect(refused[0]?.data.message).toMatchObject({
      title: "Límite Excedido",
      description: "Solo puedes subir un máximo de 10 imágenes.",
    });
    expect((await rows()).map((r) => r.displayOrder)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // No file of a refused upload stays behind.
    expect(storedFiles(storage.root, FOLDER).length - before).toBe(10);
  });

  it("counts only active photos: a switched-off one frees a place, and switching an 11th on is refused", async () => {
    for (let i = 0; i < 10; i++) await uploadPhoto(await testPhoto({ width: 320 + i, height: 320 }));
    const [first] = await rows();
    expect((await uploadPhoto()).status).toBe(409);
    const off = await post(action, {
      intent: "customer-photo-toggle",
      id: first?.id ?? "",
      isActive: "false",
    });
    expect(off.status).toBe(200);
    // 9 shown on /nosotros: the 10th place is free again.
    expect(await aboutPage()).toHaveLength(9);
    expect((await uploadPhoto()).status).toBe(200);
    expect(await rows()).toHaveLength(11);
    const on = await post(action, { intent: "customer-photo-toggle", id: first?.id ?? "", isActive: "true" });
    expect([on.status, on.data.message]).toEqual([
      409,
      {
        title: "Límite Excedido",
        description: "Solo puede haber 10 imágenes activas: desactiva otra primero.",
        variant: "destructive",
      },
    ]);
    expect((await rows()).filter((r) => r.isActive)).toHaveLength(10);
    // Switching off what is already off, or on what is already on, is never refused.
    expect(
      (await post(action, { intent: "customer-photo-toggle", id: first?.id ?? "", isActive: "false" }))
        .status,
    ).toBe(200);
  });

  it("hides a deactivated photo from /nosotros and deletes a photo with its file", async () => {
    await uploadPhoto();
    await uploadPhoto();
    const [a, b] = await rows();
    const off = await post(action, { intent: "customer-photo-toggle", id: a?.id ?? "", isActive: "false" });
    expect(off.data.message).toMatchObject({
      title: "Éxito",
      description: "Estado de la imagen actualizado.",
    });
    expect((await aboutPage()).map((p) => p.id)).toEqual([b?.id]);

    const deleted = await post(action, { intent: "customer-photo-delete", id: b?.id ?? "" });
    expect(deleted.data.message).toMatchObject({
      title: "Éxito",
      description: "Imagen eliminada correctamente.",
    });
    expect(isStored(storage.root, b?.imageUrl ?? "")).toBe(false);
    expect(await aboutPage()).toEqual([]);

    // The storage refuses: the row goes, the admin is warned the file stayed (docs/product.md §3.2, §4.8).
    const broken: Storage = { ...storage, remove: () => Promise.reject(new Error("disco lleno")) };
    const warned = await post(
      action,
      { intent: "customer-photo-delete", id: a?.id ?? "" },
      TEST_ADMIN,
      broken,
    );
    expect(warned.data.message).toMatchObject({
      variant: "warning",
      description: "La imagen se eliminó de la base de datos, pero no del almacenamiento.",
    });
    expect(await rows()).toEqual([]);
    const gone = await post(action, { intent: "customer-photo-delete", id: a?.id ?? "" });
    expect([gone.status, gone.data.message?.description]).toEqual([
      404,
      "No se pudo eliminar la imagen de la base de datos.",
    ]);
    const toggleGone = await post(action, {
      intent: "customer-photo-toggle",
      id: a?.id ?? "",
      isActive: "true",
    });
    expect(toggleGone.data.message?.description).toBe("No se pudo actualizar el estado de la imagen.");
  });

  it("reorders the photos and shows their alt texts on /nosotros", async () => {
    for (let i = 0; i < 3; i++) await uploadPhoto();
    const [a, b, c] = await rows();
    const form = new FormData();
    form.set("intent", "customer-photo-reorder");
    for (const id of [c?.id, a?.id, b?.id]) form.append("ids", id ?? "");
    const reordered = await callRoute<FormReply>(
      action,
      new Request("http://localhost/admin/clientes", { method: "POST", body: form }),
      routeContext(services(), TEST_ADMIN),
    );
    expect(reordered.data).toMatchObject({ ok: true, message: null });
    await post(action, {
      intent: "customer-photo-alt",
      id: a?.id ?? "",
      altText: "Doña Marta con su encomienda",
    });
    expect((await aboutPage()).map((p) => [p.id, p.alt])).toEqual([
      [c?.id, "Cliente satisfecho"],
      [a?.id, "Doña Marta con su encomienda"],
      [b?.id, "Cliente satisfecho"],
    ]);
  });

  it("refuses other formats, files over 10 MB and SVG with the spec's 'Error de Subida'", async () => {
    const gif = await testPhoto({ format: "gif", width: 40, height: 40 });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "grande.jpg", { type: "image/jpeg" });
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "dibujo.png", { type: "image/png" });
    const text = new File(["no es una foto"], "nota.jpg", { type: "image/jpeg" });
    const answers = await Promise.all(
      [gif, big, svg, text].map((f) => uploadPhoto(f, f.name === "blob" ? "x" : f.name)),
    );
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect(answers.map((a) => a.data.message)).toEqual([
      expect.objectContaining({
        title: "Error de Subida",
        description:
          "No se pudo subir el archivo foto.gif. Formato de imagen no válido. Use JPG, PNG o WebP.",
      }),
      expect.objectContaining({
        description: "No se pudo subir el archivo grande.jpg. La imagen es demasiado grande (máx 10MB).",
      }),
      expect.objectContaining({
        description: expect.stringMatching(
          /^No se pudo subir el archivo dibujo\.png\. Las imágenes SVG no se aceptan/,
        ),
      }),
      expect.objectContaining({
        description: "No se pudo subir el archivo nota.jpg. El archivo no es una imagen válida.",
      }),
    ]);
    expect(await rows()).toEqual([]);
  });

  it("refuses a photo whose re-encode is still over the stored limit, and keeps no file of it", async () => {
    // The 300x300 re-encode weighs a few kB, far below the spec's 2 MB: a lower limit stands in for
    // the rare picture that still comes out too heavy.
    const rule: UploadRule = UPLOAD_RULES.customer;
    const limit = rule.storedMaxBytes;
    rule.storedMaxBytes = 100;
    const before = storedFiles(storage.root, FOLDER).length;
    try {
      const r = await uploadPhoto(await testPhoto({ grain: true }), "pesada.jpg");
      expect([r.status, r.data.message]).toEqual([
        400,
        expect.objectContaining({
          title: "Error de Subida",
          // The limit in MB is the lowered one here; its words for the real limits are in uploads.test.ts.
          description: expect.stringMatching(
            /^No se pudo subir el archivo pesada\.jpg\. La foto sigue pesando demasiado después de reducirla \(máximo [\d.e-]+ MB\)\. Prueba con otra foto o recórtala\.$/,
          ),
        }),
      ]);
    } finally {
      rule.storedMaxBytes = limit;
    }
    expect(storedFiles(storage.root, FOLDER)).toHaveLength(before);
    expect(await rows()).toEqual([]);
  });

  it("says 'Error en Base de Datos' when the photo cannot be saved, and removes its file", async () => {
    const before = storedFiles(storage.root, FOLDER).length;
    // The photo is stored, then the database refuses the row.
    const db = Object.assign(Object.create(h.db), { transaction: () => Promise.reject(new Error("caída")) });
    const put = vi.spyOn(storage, "put");
    const failing = { ...services(), db };
    const r = await callRoute<FormReply>(
      upload,
      formPost("/admin/uploads", { intent: "customer-photo-upload", image: await testPhoto() }),
      routeContext(failing as unknown as Services, TEST_ADMIN),
    );
    expect([r.status, r.data.message]).toEqual([
      500,
      expect.objectContaining({
        title: "Error en Base de Datos",
        description: "No se pudieron guardar las nuevas imágenes.",
      }),
    ]);
    expect(put).toHaveBeenCalledTimes(1);
    put.mockRestore();
    expect(storedFiles(storage.root, FOLDER)).toHaveLength(before);
  });

  it("is refused to visitors (401) and operador (403)", async () => {
    await uploadPhoto();
    const [photo] = await rows();
    const attempts: [RouteFn, Record<string, string | Blob>][] = [
      [upload, { intent: "customer-photo-upload", image: await testPhoto() }],
      [action, { intent: "customer-photo-toggle", id: photo?.id ?? "", isActive: "false" }],
      [action, { intent: "customer-photo-delete", id: photo?.id ?? "" }],
      [action, { intent: "customer-photo-alt", id: photo?.id ?? "", altText: "Intruso" }],
    ];
    for (const [fn, fields] of attempts) {
      expect((await post(fn, fields, null)).status).toBe(401);
      expect((await post(fn, fields, TEST_OPERADOR)).status).toBe(403);
    }
    expect(await rows()).toMatchObject([{ id: photo?.id, isActive: true, altText: "Cliente satisfecho" }]);
  });
});

describe("a screen that cannot read its photos", () => {
  it("says so on the screen (photos: null) instead of an error page", async () => {
    await h.db.execute(sql`alter table about_us_carousel_images rename to auci_hidden`);
    try {
      const screen = await callRoute<{ photos: unknown }>(
        loader,
        new Request("http://localhost/admin/clientes"),
        routeContext(services(), TEST_ADMIN),
      );
      expect([screen.status, screen.data.photos]).toEqual([200, null]);
    } finally {
      await h.db.execute(sql`alter table auci_hidden rename to about_us_carousel_images`);
    }
  });
});
