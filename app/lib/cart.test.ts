import { describe, expect, it } from "vitest";
import {
  addToCart,
  type CartItem,
  cartCount,
  cartFreshFor,
  cartItemFor,
  cartMessage,
  cartTotal,
  MAX_CART_ITEMS,
  parseCart,
  parseCartDetails,
  refreshCart,
  removeFromCart,
  setQuantity,
} from "./cart";
import type { ProductView } from "./catalog";

const product = (over: Partial<ProductView>): ProductView => ({
  id: "1a2b3c4d-0000-4000-8000-000000000001",
  name: "Café Pilón",
  description: null,
  category: "comida",
  imageUrl: null,
  isOnSale: false,
  saleInfo: null,
  fontFamily: "Inter",
  stockQuantity: 3,
  priceCents: 500,
  salePriceCents: null,
  ...over,
});

const cafe = cartItemFor(product({}));
const hamaca = cartItemFor(
  product({ id: "2b3c4d5e-0000-4000-8000-000000000002", name: "Hamaca de Masaya", priceCents: null }),
);
const rosquillas = cartItemFor(
  product({
    id: "3c4d5e6f-0000-4000-8000-000000000003",
    name: "Rosquillas Somoteñas",
    priceCents: 800,
    salePriceCents: 650,
    isOnSale: true,
  }),
);

describe("the WhatsApp cart", () => {
  it("adds, counts, changes quantities and removes", () => {
    let items: CartItem[] = [];
    items = addToCart(items, cafe);
    items = addToCart(items, cafe);
    items = addToCart(items, hamaca);
    expect(items.map((i) => [i.name, i.quantity])).toEqual([
      ["Café Pilón", 2],
      ["Hamaca de Masaya", 1],
    ]);
    expect(cartCount(items)).toBe(3);
    items = setQuantity(items, cafe.id, 150);
    expect(items[0]?.quantity).toBe(99);
    items = setQuantity(items, cafe.id, 0);
    expect(items.map((i) => i.name)).toEqual(["Hamaca de Masaya"]);
    expect(removeFromCart(items, hamaca.id)).toEqual([]);
  });

  it("uses the sale price while on sale and links to the product page", () => {
    expect(rosquillas.unitPriceCents).toBe(650);
    expect(rosquillas.href).toBe("/tienda/rosquillas-somotenas-3c4d5e6f");
  });

  it("totals the priced items and counts the ones to ask about", () => {
    const items = [
      { ...cafe, quantity: 2 },
      { ...hamaca, quantity: 1 },
      { ...rosquillas, quantity: 3 },
    ];
    expect(cartTotal(items)).toEqual({ totalCents: 2950, unpriced: 1 });
  });

  it("composes one message with every item, quantity and price, accents kept", () => {
    const msg = cartMessage([
      { ...cafe, quantity: 2 },
      { ...hamaca, quantity: 1 },
      { ...rosquillas, quantity: 1 },
    ]);
    expect(msg).toBe(
      [
        "Hola, quisiera hacer este pedido:",
        "",
        "• 2 × Café Pilón — $5.00 c/u = $10.00",
        "• 1 × Hamaca de Masaya — precio a consultar",
        "• 1 × Rosquillas Somoteñas — $6.50",
        "",
        "Total: $16.50 (sin los productos a consultar)",
        "¿Me confirman la disponibilidad y las opciones de envío? ¡Gracias!",
      ].join("\n"),
    );
    expect(cartMessage([{ ...hamaca, quantity: 2 }])).toContain("¿Me pueden indicar los precios?");
    expect(cartMessage([{ ...cafe, quantity: 1 }])).toContain("\nTotal: $5.00\n");
  });

  it("keeps long lists whole but bounded: at most 50 products, long names shortened", () => {
    let items: CartItem[] = [];
    for (let n = 0; n < 60; n++) {
      const id = `${String(n).padStart(8, "0")}-0000-4000-8000-000000000000`;
      items = addToCart(items, { ...cafe, id, name: `Producto ${n} ${"largo ".repeat(30)}` });
    }
    expect(items).toHaveLength(MAX_CART_ITEMS);
    const msg = cartMessage(items);
    expect(msg.split("\n").filter((l) => l.startsWith("• "))).toHaveLength(50);
    expect(msg).toContain("Total: $250.00");
    expect(Math.max(...msg.split("\n").map((l) => l.length))).toBeLessThan(130);
  });

  it("reads back what the browser stored, dropping anything malformed", () => {
    const stored = JSON.stringify([
      { ...cafe, quantity: 2 },
      { ...hamaca, quantity: 0 },
      { id: 1, name: "x", href: "/tienda/x", quantity: 1 },
      { ...rosquillas, href: "https://evil.example/", quantity: 1 },
      { ...cafe, quantity: 5 },
      "nada",
    ]);
    expect(parseCart(stored)).toEqual([{ ...cafe, quantity: 2 }]);
    expect(parseCart("{not json")).toEqual([]);
    expect(parseCart(null)).toEqual([]);
    expect(parseCart('{"a":1}')).toEqual([]);
  });
});

describe("refreshCart", () => {
  const a = product({});
  const b = product({ id: "1a2b3c4d-0000-4000-8000-000000000002", name: "Rosquillas", priceCents: null });
  const c = product({ id: "1a2b3c4d-0000-4000-8000-000000000003", name: "Hamaca", priceCents: 4500 });
  const items = [a, b, c].reduce<CartItem[]>((list, p) => addToCart(list, cartItemFor(p), 2), []);

  it("keeps a cart that matches the shop as it is, quantities included", () => {
    const r = refreshCart(items, [a, b, c].map(cartFreshFor));
    expect(r.changes).toEqual([]);
    expect(r.items).toEqual(items);
  });

  it("takes the shop's new prices and names, drops what sold out or is gone, and says so", () => {
    const r = refreshCart(items, [
      cartFreshFor({ ...a, priceCents: 650 }),
      cartFreshFor({ ...c, stockQuantity: 0 }),
    ]);
    expect(r.items.map((i) => [i.id, i.unitPriceCents, i.quantity])).toEqual([[a.id, 650, 2]]);
    expect(r.changes).toEqual([
      "Café Pilón: ahora $6.50.",
      "Rosquillas ya no está en la tienda.",
      "Hamaca se agotó.",
    ]);
    // A product added after the question was asked is not judged by its answer.
    expect(refreshCart(items, [], new Set([b.id])).items.map((i) => i.id)).toEqual([a.id, c.id]);
    expect(refreshCart(items, [cartFreshFor({ ...a, priceCents: null })]).changes[0]).toBe(
      "Café Pilón: precio a consultar.",
    );
  });
});

describe("the cart's picture, name and destination", () => {
  it("keeps the product's picture, and drops a stored one that is not an address of ours", () => {
    const withPhoto = cartItemFor(product({ imageUrl: "/files/product-images/public/1-a.webp" }));
    expect(withPhoto.imageUrl).toBe("/files/product-images/public/1-a.webp");
    const stored = JSON.stringify([
      { ...withPhoto, quantity: 1 },
      { ...hamaca, id: "x1", imageUrl: "javascript:alert(1)", quantity: 1 },
      { ...hamaca, id: "x2", imageUrl: '/files/a"onerror="x', quantity: 1 },
    ]);
    expect(parseCart(stored).map((i) => i.imageUrl)).toEqual([
      "/files/product-images/public/1-a.webp",
      null,
      null,
    ]);
  });

  it("says who orders and where it goes when given, and nothing when not", () => {
    const items = addToCart([], cafe);
    const message = cartMessage(items, { name: "  Ana  María ", destination: "Managua, Nicaragua" });
    expect(message.split("\n")[0]).toBe("Hola, soy Ana María. Quisiera hacer este pedido:");
    expect(message).toContain("Envío a: Managua, Nicaragua");
    expect(cartMessage(items, { name: " ", destination: "" })).not.toMatch(/soy|Envío a/);
  });

  it("reads stored details defensively", () => {
    expect(parseCartDetails('{"name":"Ana","destination":5}')).toEqual({ name: "Ana", destination: "" });
    expect(parseCartDetails("no es json")).toEqual({ name: "", destination: "" });
  });
});
