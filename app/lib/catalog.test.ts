import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  ACCENTS_FROM,
  ACCENTS_TO,
  foldText,
  productFontStack,
  productHref,
  productMatches,
  productSlug,
  readShopFilters,
  SHOP_PAGE_SIZE,
  shopHref,
  slugIdPrefix,
  slugify,
  toggledStock,
} from "./catalog";
import { productFormSchema } from "./catalog-form";

const hamaca = { name: "Hamaca Tejida", description: "Artesanía de Masaya", category: "artesanía" };
const cafe = { name: "Café Presto", description: null, category: "comida" };

describe("the shop's matching rule (docs/product.md §2.3)", () => {
  it("finds the text in the name or the description, ignoring case and accents", () => {
    expect(productMatches(hamaca, "artesania", "todos")).toBe(true);
    expect(productMatches(hamaca, "ARTESANÍA", "todos")).toBe(true);
    expect(productMatches(cafe, "cafe", "todos")).toBe(true);
    expect(productMatches(cafe, "CAFÉ pres", "todos")).toBe(true);
    expect(productMatches(cafe, "té", "todos")).toBe(false);
  });

  it("combines the search with the category; 'todos' means any category", () => {
    expect(productMatches(hamaca, "hamaca", "artesanía")).toBe(true);
    expect(productMatches(hamaca, "hamaca", "comida")).toBe(false);
    expect(productMatches(cafe, "", "comida")).toBe(true);
    expect(productMatches(cafe, "  ", "todos")).toBe(true);
    expect(productMatches(cafe, "", "ropa")).toBe(false);
  });

  it("folds decomposed accents (a + combining acute) like precomposed ones", () => {
    expect(foldText("Artesani\u0301a")).toBe("artesania");
    expect(foldText("ÑANDÚ Çà")).toBe("nandu ca");
    expect([...ACCENTS_FROM].length).toBeGreaterThan(ACCENTS_TO.length);
  });
});

/** The product form as the /admin action parses it: form data through Conform and the schema. */
function parseProductForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const s = parseWithZod(form, { schema: productFormSchema });
  if (s.status === "success") return { ok: true as const, data: s.value };
  const fieldErrors = Object.fromEntries(Object.entries(s.error ?? {}).map(([k, v]) => [k, v?.[0]]));
  return { ok: false as const, fieldErrors };
}

describe("product form schema (docs/product.md §3.2)", () => {
  const valid = { name: " Pan Fresco ", stockQuantity: "3", category: "comida" };

  it("accepts the required fields and applies the defaults", () => {
    const r = parseProductForm(valid);
    expect(r).toEqual({
      ok: true,
      data: {
        name: "Pan Fresco",
        description: null,
        stockQuantity: 3,
        category: "comida",
        fontFamily: "Inter",
        isOnSale: false,
        saleInfo: null,
        priceCents: null,
        salePriceCents: null,
      },
    });
  });

  it("requires name, stock quantity and category, with Spanish messages", () => {
    const r = parseProductForm({ name: "  ", stockQuantity: "", category: "" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toEqual({
      name: "El nombre del producto es obligatorio.",
      stockQuantity: "La cantidad en stock es obligatoria.",
      category: "Selecciona una categoría.",
    });
    expect(parseProductForm({}).ok).toBe(false);
  });

  it("wants the stock as a whole number of at least 0", () => {
    const err = (stockQuantity: string) => {
      const r = parseProductForm({ ...valid, stockQuantity });
      return r.ok ? null : r.fieldErrors.stockQuantity;
    };
    expect(err("0")).toBeNull();
    expect(err("-1")).toBe("La cantidad en stock no puede ser negativa.");
    expect(err("1.5")).toBe("La cantidad en stock debe ser un número entero.");
    expect(err("abc")).toBe("La cantidad en stock debe ser un número entero.");
  });

  it("reads the sale switch and trims the sale info, and takes only fonts of the list", () => {
    const on = parseProductForm({ ...valid, isOnSale: "true", saleInfo: " 2x1 " });
    expect(on.ok && [on.data.isOnSale, on.data.saleInfo]).toEqual([true, "2x1"]);
    const off = parseProductForm({ ...valid, isOnSale: "false", saleInfo: "2x1" });
    expect(off.ok && off.data.isOnSale).toBe(false);
    const font = parseProductForm({ ...valid, fontFamily: "Comic Sans" });
    expect(font.ok ? null : font.fieldErrors.fontFamily).toBe("Selecciona una fuente de la lista.");
  });
});

describe("shop helpers", () => {
  it("toggles stock above 0 to 0, and 0 back to the kept quantity or 1 (docs/product.md §3.2)", () => {
    expect([toggledStock(0), toggledStock(1), toggledStock(25)]).toEqual([1, 0, 0]);
    expect([toggledStock(0, 12), toggledStock(3, 12)]).toEqual([12, 0]);
  });

  it("reads and writes the filters of the URL, leaving defaults out", () => {
    expect(readShopFilters(new URLSearchParams("q=%20cafe%20&categoria=comida"))).toEqual({
      q: "cafe",
      categoria: "comida",
      mostrar: SHOP_PAGE_SIZE,
    });
    expect(readShopFilters(new URLSearchParams("mostrar=abc")).mostrar).toBe(SHOP_PAGE_SIZE);
    expect(readShopFilters(new URLSearchParams("mostrar=96")).mostrar).toBe(96);
    expect(shopHref({ q: "", categoria: "todos" })).toBe("/tienda");
    expect(shopHref({ q: "café", categoria: "artesanía", mostrar: 96 })).toBe(
      "/tienda?q=caf%C3%A9&categoria=artesan%C3%ADa&mostrar=96",
    );
  });

  it("builds the card font from the product's font, Lexend by default, never raw CSS", () => {
    expect(productFontStack("")).toMatch(/^"Lexend"/);
    expect(productFontStack("Georgia")).toBe('"Georgia", ui-serif, Georgia, serif');
    expect(productFontStack("Courier New")).toMatch(/monospace$/);
    expect(productFontStack('x"; background:url(evil)')).not.toMatch(/[;:()]/);
  });

  it("makes product slugs from the name and the start of the id", () => {
    const id = "1a2b3c4d-0000-4000-8000-000000000000";
    expect(productSlug({ id, name: "Café Pilón 10 oz" })).toBe("cafe-pilon-10-oz-1a2b3c4d");
    expect(productSlug({ id, name: "¡¡!!" })).toBe("1a2b3c4d");
    expect(productHref({ id, name: "Hamaca de Masaya" })).toBe("/tienda/hamaca-de-masaya-1a2b3c4d");
    expect(slugIdPrefix("cafe-pilon-10-oz-1a2b3c4d")).toBe("1a2b3c4d");
    expect(slugIdPrefix("1A2B3C4D")).toBe("1a2b3c4d");
    expect(slugIdPrefix("no-existe")).toBeNull();
    expect(slugify("x".repeat(100))).toHaveLength(60);
  });
});
