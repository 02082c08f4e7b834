import { describe, expect, it } from "vitest";
import { loader as panelLoader } from "../../routes/admin/panel/route";
import { action, loader } from "../../routes/admin/products/route";
import type { StaffUser } from "../auth/sessions";
import { callRoute, formPost, routeContext, TEST_ADMIN, TEST_OPERADOR } from "../testing/routes";
import { setupTestApp } from "../testing/setup";
import { createProduct, getProduct, listProducts } from "./products";

const app = setupTestApp();

const callAction = async (user: StaffUser | null, fields: Record<string, string>) =>
  (await callRoute(action, formPost("/admin/productos", fields), routeContext(app.services, user))).status;
const callLoader = (user: StaffUser | null) =>
  callRoute<{ products: { name: string }[]; categories: { value: string }[] }>(
    loader,
    new Request("http://localhost/admin/productos"),
    routeContext(app.services, user),
  );

describe("only admin may change products (docs/product.md §1)", () => {
  it("refuses visitors with 401 and operador with 403 for every product intent", async () => {
    const { db } = app.services;
    const p = await createProduct(db, {
      name: "Intocable",
      description: null,
      stockQuantity: 3,
      category: "comida",
      fontFamily: "Inter",
      isOnSale: false,
      saleInfo: null,
      priceCents: null,
      salePriceCents: null,
      imageUrl: null,
    });
    const attempts: Record<string, string>[] = [
      { intent: "product-save", name: "Intruso", stockQuantity: "1", category: "comida" },
      { intent: "product-save", id: p.id, name: "Cambiado", stockQuantity: "1", category: "comida" },
      { intent: "product-toggle-stock", id: p.id },
      { intent: "product-delete", id: p.id },
    ];
    for (const fields of attempts) {
      expect(await callAction(null, fields)).toBe(401);
      expect(await callAction(TEST_OPERADOR, fields)).toBe(403);
    }
    expect(await getProduct(db, p.id)).toMatchObject({ name: "Intocable", stockQuantity: 3 });
    expect((await listProducts(db)).map((x) => x.name)).toEqual(["Intocable"]);

    expect(await callAction(TEST_ADMIN, { intent: "product-toggle-stock", id: p.id })).toBe(200);
    expect((await getProduct(db, p.id))?.stockQuantity).toBe(0);
    expect(await callAction(TEST_ADMIN, { intent: "algo-raro" })).toBe(400);
  });

  it("sends visitors to the login and operador away from 'Productos' and the panel, to the inbox", async () => {
    expect(await callLoader(null)).toMatchObject({ status: 302 });
    expect((await callLoader(TEST_OPERADOR)).location).toBe("/admin");
    const panel = await callRoute(
      panelLoader,
      new Request("http://localhost/admin"),
      routeContext(app.services, TEST_OPERADOR),
    );
    expect(panel.location).toBe("/admin/chat");
    const { status, data } = await callLoader(TEST_ADMIN);
    expect(status).toBe(200);
    expect(data.products.map((p) => p.name)).toEqual(["Intocable"]);
    expect(data.categories[0]?.value).toBe("ropa");
  });
});
