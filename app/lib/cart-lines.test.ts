import { describe, expect, it } from "vitest";
import { type CartItem, cartItemFor, MAX_CART_ITEMS } from "./cart";
import { cartCookieHeader, readCartCookie } from "./cart-cookie";
import {
  addLine,
  type CartLine,
  decodeCartLines,
  encodeCartLines,
  judgeCart,
  MAX_ENCODED_CART,
  mergeLines,
  reconcileCart,
  removeLine,
  setLine,
} from "./cart-lines";
import type { ProductView } from "./catalog";

const id = (n: number) => `1a2b3c4d-0000-4000-8000-${String(n).padStart(12, "0")}`;
const product = (n: number, over: Partial<ProductView> = {}): ProductView => ({
  id: id(n),
  name: `Producto ${n}`,
  description: null,
  category: "comida",
  imageUrl: null,
  isOnSale: false,
  saleInfo: null,
  fontFamily: "Inter",
  stockQuantity: 10,
  priceCents: 500,
  salePriceCents: null,
  ...over,
});
const item = (n: number, quantity: number, over: Partial<ProductView> = {}): CartItem => ({
  ...cartItemFor(product(n, over)),
  quantity,
});

describe("the cart cookie's value", () => {
  it("round-trips ids and quantities", () => {
    const lines: CartLine[] = [
      { id: id(1), quantity: 2 },
      { id: id(2), quantity: 99 },
    ];
    expect(encodeCartLines(lines)).toBe(`${id(1)}:2.${id(2)}:99`);
    expect(decodeCartLines(encodeCartLines(lines))).toEqual(lines);
    expect(encodeCartLines([])).toBe("");
  });

  it("keeps the good lines of a tampered value and drops the rest", () => {
    const raw = [
      `${id(1)}:3`,
      `${id(1)}:5`, // the same product again
      `${id(2)}:0`,
      `${id(3)}:100`,
      `${id(4)}:-1`,
      `${id(5)}:2.5`,
      "nada:1",
      `'; drop table products; --:1`,
      `${id(6).toUpperCase()}:7`,
    ].join(".");
    expect(decodeCartLines(raw)).toEqual([
      { id: id(1), quantity: 3 },
      { id: id(5), quantity: 2 },
      { id: id(6), quantity: 7 },
    ]);
  });

  it("is no cart when it is not a string, is empty or is longer than 50 lines can be", () => {
    expect(decodeCartLines(undefined)).toEqual([]);
    expect(decodeCartLines({ id: id(1) })).toEqual([]);
    expect(decodeCartLines("")).toEqual([]);
    expect(decodeCartLines(`${id(1)}:1.`.repeat(60).slice(0, MAX_ENCODED_CART + 1))).toEqual([]);
  });

  it("holds at most 50 products", () => {
    const many = Array.from({ length: MAX_CART_ITEMS + 5 }, (_, i) => ({ id: id(i), quantity: 1 }));
    const raw = encodeCartLines(many);
    expect(raw.length).toBeLessThanOrEqual(MAX_ENCODED_CART + 5 * 40);
    expect(decodeCartLines(raw.slice(0, MAX_ENCODED_CART))).toHaveLength(MAX_CART_ITEMS);
  });

  it("goes through the cookie and back; an empty cart removes the cookie; junk reads as no lines", async () => {
    const lines = [{ id: id(1), quantity: 4 }];
    const set = await cartCookieHeader(lines);
    expect(set).toMatch(/^mm_cart=[^;]+; Max-Age=7776000; Path=\/; SameSite=Lax$/);
    expect(set).not.toMatch(/HttpOnly/i);
    const sent = set.split(";")[0] ?? "";
    expect(await readCartCookie(`other=1; ${sent}`)).toEqual(lines);
    expect(await readCartCookie("other=1")).toBeNull();
    expect(await readCartCookie(null)).toBeNull();
    expect(await readCartCookie("mm_cart=%%%not-base64")).toEqual([]);
    expect(await readCartCookie(`mm_cart=${btoa(JSON.stringify({ evil: true }))}`)).toEqual([]);
    expect(await cartCookieHeader([])).toMatch(/^mm_cart=; Max-Age=0;/);
    expect(await cartCookieHeader(lines, { secure: true })).toMatch(/; Secure/);
  });
});

describe("changing the lines", () => {
  const two: CartLine[] = [
    { id: id(1), quantity: 2 },
    { id: id(2), quantity: 1 },
  ];

  it("adds a new product at the end and one more of a listed one, within its stock", () => {
    expect(addLine(two, id(3), 1, 5)).toEqual({
      lines: [...two, { id: id(3), quantity: 1 }],
      outcome: "added",
    });
    expect(addLine(two, id(1), 1, 5).lines[0]).toEqual({ id: id(1), quantity: 3 });
    expect(addLine(two, id(1), 10, 5).lines[0]).toEqual({ id: id(1), quantity: 5 });
    expect(addLine(two, id(3), 50, 3).lines.at(-1)).toEqual({ id: id(3), quantity: 3 });
  });

  it("says 'limit' when the cart holds all the stock already, and 'full' at 50 products", () => {
    expect(addLine(two, id(1), 1, 2)).toEqual({ lines: two, outcome: "limit" });
    const fifty = Array.from({ length: MAX_CART_ITEMS }, (_, i) => ({ id: id(100 + i), quantity: 1 }));
    expect(addLine(fifty, id(1), 1, 5)).toEqual({ lines: fifty, outcome: "full" });
    expect(addLine(fifty, id(100), 1, 5).outcome).toBe("added");
  });

  it("sets a quantity within 1..max and removes a line", () => {
    expect(setLine(two, id(1), 7, 5)[0]).toEqual({ id: id(1), quantity: 5 });
    expect(setLine(two, id(1), 0, 5)[0]).toEqual({ id: id(1), quantity: 1 });
    expect(setLine(two, id(9), 3, 5)).toEqual(two);
    expect(removeLine(two, id(1))).toEqual([{ id: id(2), quantity: 1 }]);
  });
});

describe("judging the cookie against the shop", () => {
  it("keeps what the shop has, drops hidden, removed and sold-out products and caps at the stock", () => {
    const lines: CartLine[] = [
      { id: id(1), quantity: 2 },
      { id: id(2), quantity: 1 }, // hidden or removed: not among the shop's products
      { id: id(3), quantity: 4 },
      { id: id(4), quantity: 9 },
    ];
    const shop = [
      product(1),
      product(3, { name: "Café Pilón", stockQuantity: 0 }),
      product(4, { name: "Rosquillas", stockQuantity: 3, priceCents: null }),
    ];
    const judged = judgeCart(lines, shop);
    expect(judged.lines).toEqual([
      { id: id(1), quantity: 2 },
      { id: id(4), quantity: 3 },
    ]);
    expect(judged.items.map((i) => [i.name, i.quantity, i.max, i.unitPriceCents])).toEqual([
      ["Producto 1", 2, 10, 500],
      ["Rosquillas", 3, 3, null],
    ]);
    expect(judged.notes).toEqual([
      "Un producto de tu carrito ya no está en la tienda.",
      "Café Pilón se agotó.",
      "Rosquillas: solo quedan 3.",
    ]);
    expect(
      judgeCart(
        [
          { id: id(8), quantity: 1 },
          { id: id(9), quantity: 1 },
        ],
        [],
      ).notes,
    ).toEqual(["2 productos de tu carrito ya no están en la tienda."]);
  });

  it("never lets a line order more than 99, whatever the stock", () => {
    const judged = judgeCart([{ id: id(1), quantity: 99 }], [product(1, { stockQuantity: 500 })]);
    expect(judged.items[0]).toMatchObject({ quantity: 99, max: 99 });
    expect(judged.notes).toEqual([]);
  });
});

describe("the browser's cart taking in the cookie's", () => {
  it("merges a cart from before the cookie with the cookie's: each product once, the larger quantity", () => {
    expect(
      mergeLines(
        [
          { id: id(1), quantity: 1 },
          { id: id(2), quantity: 3 },
        ],
        [
          { id: id(2), quantity: 2 },
          { id: id(3), quantity: 1 },
        ],
      ),
    ).toEqual([
      { id: id(1), quantity: 1 },
      { id: id(2), quantity: 3 },
      { id: id(3), quantity: 1 },
    ]);
  });

  it("adopts products added without scripts into an empty browser cart, with the server's details", () => {
    const known = [item(1, 2, { name: "Café" }), item(2, 1, { name: "Hamaca", priceCents: null })];
    const got = reconcileCart(
      [],
      [
        { id: id(1), quantity: 2 },
        { id: id(2), quantity: 1 },
      ],
      false,
      known,
    );
    expect(got).toEqual(known);
  });

  it("without a record of syncing, keeps the browser's own products too, none twice", () => {
    const local = [item(1, 5, { name: "Café (viejo)" }), item(7, 1)];
    const got = reconcileCart(local, [{ id: id(1), quantity: 2 }], false, [item(1, 2, { name: "Café" })]);
    expect(got.map((i) => [i.id, i.name, i.quantity])).toEqual([
      [id(1), "Café", 5],
      [id(7), "Producto 7", 1],
    ]);
  });

  it("once synced, the cookie wins whole: a product removed or changed without scripts stays so", () => {
    const local = [item(1, 1), item(2, 4), item(3, 1)];
    const cookie = [
      { id: id(2), quantity: 1 },
      { id: id(4), quantity: 2 },
    ];
    const got = reconcileCart(local, cookie, true, [item(2, 1, { name: "Nuevo nombre" }), item(4, 2)]);
    expect(got.map((i) => [i.id, i.name, i.quantity])).toEqual([
      [id(2), "Nuevo nombre", 1],
      [id(4), "Producto 4", 2],
    ]);
  });

  it("never takes a cookie product's details from the old copy: one the server dropped stays out", () => {
    const got = reconcileCart([item(1, 1)], [{ id: id(1), quantity: 1 }], false, []);
    expect(got).toEqual([]);
  });

  it("stores only the cart's own fields (no stock limit) in the browser", () => {
    const [one] = reconcileCart([], [{ id: id(1), quantity: 1 }], true, [
      { ...item(1, 1), max: 3 } as CartItem,
    ]);
    expect(Object.keys(one ?? {}).sort()).toEqual([
      "href",
      "id",
      "imageUrl",
      "name",
      "quantity",
      "unitPriceCents",
    ]);
  });
});
