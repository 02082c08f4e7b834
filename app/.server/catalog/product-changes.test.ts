import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import type { FormReply } from "../../lib/forms";
import { action } from "../../routes/admin/products/route";
import type { Services } from "../services";
import type { Storage } from "../storage/storage";
import { testLogger } from "../testing/db";
import { callRoute, routeContext, TEST_ADMIN } from "../testing/routes";
import { setupTestDatabase, setupTestStorage } from "../testing/setup";
import { getProduct, listProducts } from "./products";

const h = setupTestDatabase({ seed: true, bus: true });
const storage = setupTestStorage();
const { root } = storage;

const deps = (s: Storage = storage) =>
  ({ db: h.db, bus: h.bus, storage: s, logger: testLogger }) as unknown as Services;

/** Posts a form to the /admin action as the admin, as the products tab does. */
async function productAction(intent: string, form: FormData, services = deps()) {
  form.set("intent", intent);
  const request = new Request("http://localhost/admin", { method: "POST", body: form });
  const r = await callRoute<FormReply>(action, request, routeContext(services, TEST_ADMIN));
  return { status: r.status, body: r.data };
}
const newestId = async () => (await listProducts(h.db))[0]?.id ?? "";
const description = (r: { body: FormReply }) => r.body.message?.description;
const photo = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 180, g: 90, b: 30 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: "gps-secret" } } })
    .toBuffer()
    .then((b) => new Uint8Array(b));

function saveForm(fields: Record<string, string>, image?: Blob) {
  const f = new FormData();
  f.set("intent", "product-save");
  for (const [k, v] of Object.entries({ name: "Pan", stockQuantity: "1", category: "comida", ...fields }))
    f.set(k, v);
  if (image) f.set("image", image, "foto de la tienda.jpg");
  return f;
}
const idForm = (intent: string, id: string) => {
  const f = new FormData();
  f.set("intent", intent);
  f.set("id", id);
  return f;
};
const fileOf = (url: string) => path.join(root, url.replace(/^\/files\//, ""));
const stored = (url: string) => fs.existsSync(fileOf(url));

describe("admin product actions (docs/product.md §3.2)", () => {
  it("adds a product with a re-encoded image under the spec's key, then toggles, edits and deletes it", async () => {
    const created = await productAction("product-save", saveForm({}, new Blob([await photo()])), deps());
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      ok: true,
      message: { title: "Éxito", description: "Producto agregado." },
    });
    const id = await newestId();
    const product = await getProduct(h.db, id);
    expect(product?.imageUrl).toMatch(/^\/files\/product-images\/public\/\d+-[a-z0-9]+\.webp$/);
    const url = product?.imageUrl ?? "";
    const meta = await sharp(fileOf(url)).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 800, 600, undefined]);
    expect(stored(url.replace(".webp", "-320w.webp"))).toBe(true);

    const off = await productAction("product-toggle-stock", idForm("product-toggle-stock", id), deps());
    expect(off.body).toMatchObject({ ok: true, message: { description: "Stock actualizado a 0." } });
    const on = await productAction("product-toggle-stock", idForm("product-toggle-stock", id), deps());
    expect(on.body).toMatchObject({ ok: true, message: { description: "Stock actualizado a 1." } });

    const edited = await productAction(
      "product-save",
      saveForm({ id, name: "Pan dulce", stockQuantity: "7" }),
      deps(),
    );
    expect(edited.body).toMatchObject({ ok: true, message: { description: "Producto actualizado." } });
    expect(await getProduct(h.db, id)).toMatchObject({ name: "Pan dulce", stockQuantity: 7, imageUrl: url });
    expect(stored(url)).toBe(true); // no new image: the old one stays

    const deleted = await productAction("product-delete", idForm("product-delete", id), deps());
    expect(deleted.body).toMatchObject({ ok: true, message: { description: "Producto eliminado." } });
    expect(await getProduct(h.db, id)).toBeNull();
    expect(stored(url)).toBe(false);
    expect(stored(url.replace(".webp", "-320w.webp"))).toBe(false);
  });

  it("keeps the sale info only while the product is on sale", async () => {
    await productAction("product-save", saveForm({ isOnSale: "true", saleInfo: " 2x1 " }));
    const id = await newestId();
    expect(await getProduct(h.db, id)).toMatchObject({ isOnSale: true, saleInfo: "2x1" });
    await productAction("product-save", saveForm({ id, isOnSale: "false", saleInfo: "2x1" }));
    expect(await getProduct(h.db, id)).toMatchObject({ isOnSale: false, saleInfo: null });
  });

  it("stores prices in cents, the sale price only while on sale, and refuses bad amounts", async () => {
    const ok = await productAction(
      "product-save",
      saveForm({ priceCents: "12,5", isOnSale: "true", salePriceCents: "$9.99" }),
    );
    expect(ok.body.ok).toBe(true);
    const id = await newestId();
    expect(await getProduct(h.db, id)).toMatchObject({ priceCents: 1250, salePriceCents: 999 });
    await productAction("product-save", saveForm({ id, priceCents: "12.50", salePriceCents: "9.99" }));
    expect(await getProduct(h.db, id)).toMatchObject({ priceCents: 1250, salePriceCents: null });
    await productAction("product-save", saveForm({ id, priceCents: "" }));
    expect(await getProduct(h.db, id)).toMatchObject({ priceCents: null, salePriceCents: null });

    const errorsOf = async (fields: Record<string, string>) =>
      (await productAction("product-save", saveForm({ id, ...fields }))).body.result?.error;
    expect(await errorsOf({ priceCents: "doce" })).toMatchObject({
      priceCents: ["El precio debe ser un monto en dólares, p. ej. 12.50."],
    });
    expect(await errorsOf({ priceCents: "-3" })).toHaveProperty("priceCents");
    expect(await errorsOf({ priceCents: "1.999" })).toHaveProperty("priceCents");
    expect(await errorsOf({ priceCents: "999999" })).toMatchObject({
      priceCents: ["El precio es demasiado alto."],
    });
    expect(await errorsOf({ priceCents: "10", isOnSale: "true", salePriceCents: "10" })).toMatchObject({
      salePriceCents: ["El precio de oferta debe ser menor que el precio normal."],
    });
    expect(await errorsOf({ isOnSale: "true", salePriceCents: "5" })).toMatchObject({
      priceCents: ["Indica el precio normal para mostrar la oferta."],
    });
    expect(await getProduct(h.db, id)).toMatchObject({ priceCents: null });
  });

  it("removes the old file when the image is replaced or removed", async () => {
    await productAction("product-save", saveForm({}, new Blob([await photo()])), deps());
    const id = await newestId();
    const oldUrl = (await getProduct(h.db, id))?.imageUrl ?? "";
    await productAction("product-save", saveForm({ id }, new Blob([await photo()])), deps());
    const newUrl = (await getProduct(h.db, id))?.imageUrl ?? "";
    expect(newUrl).not.toBe(oldUrl);
    expect([stored(oldUrl), stored(newUrl)]).toEqual([false, true]);

    await productAction("product-save", saveForm({ id, removeImage: "true" }), deps());
    expect((await getProduct(h.db, id))?.imageUrl).toBeNull();
    expect(stored(newUrl)).toBe(false);
  });

  it("only logs a warning when an old file cannot be removed", async () => {
    await productAction("product-save", saveForm({}, new Blob([await photo()])), deps());
    const id = await newestId();
    const broken: Storage = { ...storage, remove: () => Promise.reject(new Error("disco lleno")) };
    const warn = vi.spyOn(testLogger, "warn");
    const res = await productAction("product-delete", idForm("product-delete", id), deps(broken));
    expect(res.body).toMatchObject({ ok: true, message: { description: "Producto eliminado." } });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("refuses invalid fields with Spanish field errors and stores nothing", async () => {
    const before = fs.readdirSync(path.join(root, "product-images/public")).length;
    const res = await productAction(
      "product-save",
      saveForm({ name: "", stockQuantity: "-2", category: "" }, new Blob([await photo()])),
      deps(),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      ok: false,
      message: { description: "No se pudo guardar el producto: revisa los campos marcados." },
      result: {
        error: {
          name: ["El nombre del producto es obligatorio."],
          stockQuantity: ["La cantidad en stock no puede ser negativa."],
          category: ["Selecciona una categoría."],
        },
      },
    });
    const unknown = await productAction("product-save", saveForm({ category: "juguetes" }), deps());
    expect(unknown.body).toMatchObject({
      ok: false,
      message: { description: "No se pudo guardar el producto: la categoría no existe." },
      result: { error: { category: ["Selecciona una categoría de la lista."] } },
    });
    expect(fs.readdirSync(path.join(root, "product-images/public")).length).toBe(before);
  });

  it("answers 404 for products that no longer exist", async () => {
    const gone = "00000000-0000-4000-8000-000000000000";
    for (const intent of ["product-toggle-stock", "product-delete"] as const) {
      expect((await productAction(intent, idForm(intent, gone), deps())).status).toBe(404);
    }
    const res = await productAction("product-save", saveForm({ id: gone }), deps());
    expect(description(res)).toMatch(/ya no existe/);
  });
});

describe("upload safety on the server", () => {
  const upload = async (body: BlobPart) => {
    const res = await productAction("product-save", saveForm({ name: "Subida" }, new Blob([body])), deps());
    return res.body.ok ? null : (description(res) ?? null);
  };

  it("refuses a file over 10 MB with the spec's message", async () => {
    expect(await upload(new Uint8Array(10 * 1024 * 1024 + 1))).toBe(
      "La imagen es demasiado grande (máx 10MB).",
    );
  });

  it("refuses a text file that pretends to be a .jpg", async () => {
    expect(await upload("esto no es una foto, solo texto")).toBe(
      "Error al subir imagen: El archivo no es una imagen válida.",
    );
  });

  it("refuses an SVG (even one that would rasterize) and an HTML page", async () => {
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>`;
    expect(await upload(svg)).toMatch(/^Error al subir imagen: Las imágenes SVG no se aceptan/);
    expect(await upload(`\uFEFF  <svg xmlns="http://www.w3.org/2000/svg"/>`)).toMatch(/SVG no se aceptan/);
    expect(await upload("<!doctype html><script>alert(1)</script>")).toBe(
      "Error al subir imagen: El archivo no es una imagen válida.",
    );
  });

  it("says a truncated photo is damaged, not that storage failed", async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#0a0" } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(await upload(new Uint8Array(png.subarray(0, Math.floor(png.length / 2))))).toBe(
      "Error al subir imagen: La imagen está dañada o incompleta. Vuelve a guardarla o elige otra.",
    );
  });

  it("accepts other real image types (PNG, GIF) and stores WebP", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: "#0a0" } })
      .png()
      .toBuffer();
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#a00" } })
      .gif()
      .toBuffer();
    expect(await upload(new Uint8Array(png))).toBeNull();
    expect(await upload(new Uint8Array(gif))).toBeNull();
  });
});
