import { beforeEach, describe, expect, it } from "vitest";
import { products } from "../db/schema";
import { addTestProduct, TEST_PRODUCT } from "../testing/products";
import { setupTestDatabase } from "../testing/setup";
import {
  deleteProduct,
  getProduct,
  listCategories,
  listProducts,
  searchProducts,
  toggleProductStock,
  updateProduct,
} from "./products";

const h = setupTestDatabase({ seed: true });
beforeEach(async () => {
  await h.db.delete(products);
});

const add = (p: Parameters<typeof addTestProduct>[1]) => addTestProduct(h.db, p);
const names = async (q: string, category = "todos", limit = 100) =>
  (await searchProducts(h.db, { q, category, limit })).products.map((p) => p.name);

describe("shop search in SQL (docs/product.md §2.3)", () => {
  beforeEach(async () => {
    // Distinct creation times: two inserts in the same millisecond would make "newest first" a tie.
    const tick = () => new Promise((r) => setTimeout(r, 3));
    await add({ name: "Hamaca Tejida", description: "Artesanía de Masaya", category: "artesanía" });
    await tick();
    await add({ name: "Café Presto", description: "Instantáneo", category: "comida" });
    await tick();
    await add({ name: "JARRÓN de barro", description: null, category: "artesanía" });
    await tick();
    await add({ name: "Camiseta 100 % algodón", description: "Talla_M", category: "ropa" });
  });

  it("matches name or description ignoring case and accents, both ways", async () => {
    expect(await names("artesania")).toEqual(["Hamaca Tejida"]);
    expect(await names("ARTESANÍA")).toEqual(["Hamaca Tejida"]);
    expect(await names("cafe")).toEqual(["Café Presto"]);
    expect(await names("instantaneo")).toEqual(["Café Presto"]);
    expect(await names("jarron")).toEqual(["JARRÓN de barro"]);
    expect(await names("Jarro\u0301n")).toEqual(["JARRÓN de barro"]);
  });

  it("narrows by category, 'todos' and an empty search meaning everything, newest first", async () => {
    expect(await names("", "artesanía")).toEqual(["JARRÓN de barro", "Hamaca Tejida"]);
    expect(await names("barro", "comida")).toEqual([]);
    expect(await names("")).toEqual([
      "Camiseta 100 % algodón",
      "JARRÓN de barro",
      "Café Presto",
      "Hamaca Tejida",
    ]);
    expect(await names("", "no-existe")).toEqual([]);
  });

  it("treats LIKE wildcards in the search as plain text", async () => {
    expect(await names("%")).toEqual(["Camiseta 100 % algodón"]);
    expect(await names("_")).toEqual(["Camiseta 100 % algodón"]);
    expect(await names("'; drop table products; --")).toEqual([]);
  });

  it("returns one page and the total count of matches", async () => {
    const page = await searchProducts(h.db, { q: "", category: "todos", limit: 2 });
    expect(page.products).toHaveLength(2);
    expect(page.total).toBe(4);
    expect((await searchProducts(h.db, { q: "zzz", category: "todos", limit: 2 })).total).toBe(0);
  });

  it("stays fast with 600 products", async () => {
    await h.db.insert(products).values(
      Array.from({ length: 600 }, (_, i) => ({
        name: `Producto ${i} ${i % 3 ? "Azúcar" : "Café"}`,
        description: "Descripción de prueba con acentos: ñandú",
        category: i % 2 ? "comida" : "ropa",
      })),
    );
    const start = performance.now();
    const r = await searchProducts(h.db, { q: "azucar", category: "comida", limit: 48 });
    expect(performance.now() - start).toBeLessThan(1000);
    expect(r.total).toBe(200);
    expect(r.products).toHaveLength(48);
  });
});

describe("product rows (docs/product.md §4.4)", () => {
  it("creates, lists newest first, updates in place, toggles stock and deletes", async () => {
    const a = await add({ name: "Primero" });
    const b = await add({ name: "Segundo", stockQuantity: 5 });
    expect((await listProducts(h.db)).map((p) => p.name)).toEqual(["Segundo", "Primero"]);

    const updated = await updateProduct(h.db, a.id, {
      ...TEST_PRODUCT,
      name: "Primero editado",
      isOnSale: true,
      saleInfo: "2x1",
      imageUrl: "/files/product-images/public/1-a.webp",
    });
    expect(updated).toMatchObject({ id: a.id, name: "Primero editado", saleInfo: "2x1" });
    expect((await listProducts(h.db)).map((p) => p.name)).toEqual(["Segundo", "Primero editado"]);

    // Sold out keeps the 5; back in stock brings them back (issue 38), and nothing stays kept.
    expect(await toggleProductStock(h.db, b.id)).toMatchObject({ stockQuantity: 0, stockBeforeSoldOut: 5 });
    expect(await toggleProductStock(h.db, b.id)).toMatchObject({
      stockQuantity: 5,
      stockBeforeSoldOut: null,
    });

    expect((await deleteProduct(h.db, a.id))?.imageUrl).toBe("/files/product-images/public/1-a.webp");
    expect(await getProduct(h.db, a.id)).toBeNull();
    expect(await deleteProduct(h.db, a.id)).toBeNull();
  });

  it("answers null, not an error, for ids that are missing or malformed", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await getProduct(h.db, "not-a-uuid")).toBeNull();
    expect(await updateProduct(h.db, missing, { ...TEST_PRODUCT, imageUrl: null })).toBeNull();
    expect(await toggleProductStock(h.db, "1; drop")).toBeNull();
  });

  it("lists the seeded categories in display order", async () => {
    expect((await listCategories(h.db)).map((c) => c.value)).toEqual([
      "ropa",
      "calzado",
      "comida",
      "artesanía",
    ]);
  });
});
