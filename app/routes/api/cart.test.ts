import { describe, expect, it } from "vitest";
import { createProduct, toggleProductStock } from "~/.server/catalog/products";
import { callRoute, routeContext } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import type { CartFresh } from "~/lib/cart";
import { loader } from "./cart";

const app = setupTestApp();
type Answer = { products?: CartFresh[]; error?: string };
const ask = (ids: string) =>
  callRoute<Answer>(
    loader,
    new Request(`http://localhost/api/cart?ids=${ids}`),
    routeContext(app.services, null),
  );

const product = (name: string, priceCents: number | null) =>
  createProduct(app.services.db, {
    name,
    description: null,
    stockQuantity: 2,
    category: "comida",
    fontFamily: "Inter",
    isOnSale: false,
    saleInfo: null,
    priceCents,
    salePriceCents: null,
    imageUrl: null,
  });

describe("GET /api/cart", () => {
  it("answers the cart's products as they are now; unknown and malformed ids are left out", async () => {
    const a = await product("Café Pilón", 650);
    const b = await product("Rosquillas", null);
    await toggleProductStock(app.services.db, b.id);
    const r = await ask(`${a.id},${b.id},00000000-0000-4000-8000-000000000000,nada,'%20or%201=1`);
    expect(r.status).toBe(200);
    expect(r.headers.get("Cache-Control")).toBe("no-store");
    const byId = new Map(r.data.products?.map((p) => [p.id, p]));
    expect(byId.size).toBe(2);
    expect(byId.get(a.id)).toMatchObject({ name: "Café Pilón", unitPriceCents: 650, soldOut: false });
    expect(byId.get(a.id)?.href).toMatch(/^\/tienda\/cafe-pilon-/);
    expect(byId.get(b.id)).toMatchObject({ unitPriceCents: null, soldOut: true });
    expect((await ask("")).data.products).toEqual([]);
  });

  it("refuses more ids than a cart holds, in Spanish", async () => {
    const many = Array.from(
      { length: 51 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    const r = await ask(many.join(","));
    expect(r.status).toBe(400);
    expect(r.data.error).toBe("Demasiados productos en el carrito.");
  });
});
