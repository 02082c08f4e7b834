import { describe, expect, it } from "vitest";
import { readServerCart } from "~/.server/catalog/cart";
import { createProduct, setProductVisible, toggleProductStock } from "~/.server/catalog/products";
import { cacheTarget } from "~/.server/http/page-cache";
import { callRoute, formPost, routeContext } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import { cartCookieHeader, readCartCookieValue } from "~/lib/cart-cookie";
import { type CartLine, decodeCartLines } from "~/lib/cart-lines";
import { action } from "./route";

const app = setupTestApp();

const product = (name: string, stockQuantity = 5, priceCents: number | null = 500) =>
  createProduct(app.services.db, {
    name,
    description: null,
    stockQuantity,
    category: "comida",
    fontFamily: "Inter",
    isOnSale: false,
    saleInfo: null,
    priceCents,
    salePriceCents: null,
    imageUrl: null,
  });

/** The Cookie header of a browser holding these lines. */
const cookieOf = async (lines: CartLine[]) => (await cartCookieHeader(lines)).split(";")[0] ?? "";

/** Posts a cart form as a browser holding `lines` would; the answer and the cart it leaves. */
async function post(fields: Record<string, string>, lines: CartLine[] = []) {
  const request = formPost("/carrito", fields);
  if (lines.length) request.headers.set("Cookie", await cookieOf(lines));
  const r = await callRoute<{ error?: string }>(action, request, routeContext(app.services, null));
  const setCookies = r.headers.getSetCookie();
  const cart = setCookies.find((c) => c.startsWith("mm_cart="));
  const flash = setCookies.find((c) => c.startsWith("mm_flash="));
  const after = cart ? decodeCartLines(await readLines(cart)) : null;
  return { ...r, after, flash };
}

/** The cart cookie's value a Set-Cookie header gives the browser. */
async function readLines(setCookie: string): Promise<string> {
  return (await readCartCookieValue(setCookie.split(";")[0] ?? "")) ?? "";
}

describe("POST /carrito without scripts", () => {
  it("adds a product and goes back where the post came from, with a flash (Post/Redirect/Get)", async () => {
    const cafe = await product("Café Pilón");
    const r = await post({ intent: "add", id: cafe.id, returnTo: "/tienda?q=cafe#producto-1" });
    expect(r.status).toBe(303);
    expect(r.location).toBe("/tienda?q=cafe#producto-1");
    expect(r.after).toEqual([{ id: cafe.id, quantity: 1 }]);
    expect(r.flash).toBeDefined();
    const again = await post({ intent: "add", id: cafe.id, returnTo: "/tienda" }, r.after ?? []);
    expect(again.after).toEqual([{ id: cafe.id, quantity: 2 }]);
  });

  it("never sends the visitor to another site", async () => {
    const cafe = await product("Café Bustelo");
    for (const returnTo of ["//evil.example/x", "https://evil.example", "/\\evil.example", "tienda"]) {
      const r = await post({ intent: "add", id: cafe.id, returnTo });
      expect(r.location, returnTo).toBe("/carrito");
    }
  });

  it("keeps quantities within the stock and refuses sold-out, hidden and unknown products", async () => {
    const two = await product("Queso", 2);
    const full = await post({ intent: "add", id: two.id }, [{ id: two.id, quantity: 2 }]);
    expect(full.after).toEqual([{ id: two.id, quantity: 2 }]);
    const set = await post({ intent: "set", id: two.id, quantity: "50" }, [{ id: two.id, quantity: 1 }]);
    expect(set.location).toBe("/carrito");
    expect(set.after).toEqual([{ id: two.id, quantity: 2 }]);

    const gone = await product("Hamaca");
    await setProductVisible(app.services.db, gone.id, false);
    const hidden = await post({ intent: "add", id: gone.id });
    expect(hidden.status).toBe(303);
    expect(hidden.after).toEqual([]);
    const sold = await product("Rosquillas", 1);
    await toggleProductStock(app.services.db, sold.id);
    const update = await post({ intent: "set", id: sold.id, quantity: "1" }, [{ id: sold.id, quantity: 1 }]);
    expect(update.after).toEqual([]);
  });

  it("removes a line and empties the cart (the cookie goes)", async () => {
    const a = await product("Pan");
    const b = await product("Leche");
    const lines = [
      { id: a.id, quantity: 1 },
      { id: b.id, quantity: 3 },
    ];
    expect((await post({ intent: "remove", id: a.id }, lines)).after).toEqual([{ id: b.id, quantity: 3 }]);
    const cleared = await post({ intent: "clear" }, lines);
    expect(cleared.after).toEqual([]);
    expect(cleared.headers.getSetCookie().find((c) => c.startsWith("mm_cart="))).toMatch(/Max-Age=0/);
  });

  it("answers bad input with a 400 and a Spanish message, the cart untouched", async () => {
    const cafe = await product("Café Presto");
    const cases: [Record<string, string>, string][] = [
      [{ intent: "add", id: "nada" }, "Ese producto no existe."],
      [{ intent: "set", id: cafe.id, quantity: "abc" }, "Escribe una cantidad entre 1 y 99."],
      [{ intent: "set", id: cafe.id, quantity: "0" }, "Escribe una cantidad entre 1 y 99."],
      [{ intent: "set", id: cafe.id, quantity: "100" }, "Escribe una cantidad entre 1 y 99."],
      [{ intent: "comprar-todo" }, "Acción desconocida."],
      [{}, "Acción desconocida."],
    ];
    for (const [fields, message] of cases) {
      const r = await post(fields, [{ id: cafe.id, quantity: 1 }]);
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.data.error).toBe(message);
      expect(r.after).toBeNull();
    }
  });
});

describe("the cart the root loader reads", () => {
  it("judges the cookie and corrects it: a product hidden since leaves with a note", async () => {
    const a = await product("Tortillas", 3);
    const b = await product("Frijoles");
    const cookie = await cookieOf([
      { id: a.id, quantity: 5 },
      { id: b.id, quantity: 1 },
    ]);
    await setProductVisible(app.services.db, b.id, false);
    const { cart, setCookie } = await readServerCart(app.services, cookie);
    expect(cart.items.map((i) => [i.name, i.quantity, i.max])).toEqual([["Tortillas", 3, 3]]);
    expect(cart.notes).toEqual([
      "Un producto de tu carrito ya no está en la tienda.",
      "Tortillas: solo quedan 3.",
    ]);
    expect(decodeCartLines(await readLines(setCookie ?? ""))).toEqual([{ id: a.id, quantity: 3 }]);
    // A clean cookie is left alone; no cookie, no cart and no query.
    const clean = await readServerCart(app.services, await cookieOf([{ id: a.id, quantity: 1 }]));
    expect(clean.setCookie).toBeNull();
    expect((await readServerCart(app.services, null)).cart.items).toEqual([]);
  });

  it("keeps a request that carries the cart out of the shared page cache", async () => {
    const cookie = await cookieOf([{ id: "1a2b3c4d-0000-4000-8000-000000000001", quantity: 1 }]);
    const ask = (headers: Record<string, string>) =>
      cacheTarget({ method: "GET", path: "/tienda", url: "/tienda", headers, origin: "http://localhost" });
    expect(ask({})).not.toBeNull();
    expect(ask({ cookie })).toBeNull();
  });
});
