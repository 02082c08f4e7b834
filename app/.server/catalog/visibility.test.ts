import type { AppLoadContext } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { productSlug } from "../../lib/catalog";
import { productSaveSchema } from "../../lib/catalog-form";
import type { FormReply } from "../../lib/forms";
import { action } from "../../routes/admin/products/route";
import { loader as sitemapLoader } from "../../routes/sitemap";
import { loader as shopLoader } from "../../routes/tienda/route";
import { loader as productPageLoader } from "../../routes/tienda-producto/route";
import { listAudit } from "../audit/audit";
import { auditLog, products } from "../db/schema";
import type { BusEvent } from "../events/bus";
import type { Services } from "../services";
import { testLogger } from "../testing/db";
import { addTestProduct, TEST_PRODUCT } from "../testing/products";
import { callRoute, formPost, routeContext, TEST_ADMIN, TEST_OPERADOR } from "../testing/routes";
import { setupTestDatabase, setupTestStorage } from "../testing/setup";
import {
  findProductBySlug,
  getProduct,
  listProductSlugs,
  listProducts,
  listProductsByIds,
  searchProducts,
} from "./products";

/**
 * Issue 38: 'Visible' / 'Oculto' (a hidden product is for staff only: not in the shop, its search
 * and counts, the sitemap, the cart or its page) and 'Marcar Agotado' keeping the stock.
 */
const h = setupTestDatabase({ seed: true, bus: true });
const storage = setupTestStorage();
const services = () =>
  ({ db: h.db, bus: h.bus, storage, logger: testLogger, publicOrigin: "" }) as unknown as Services;

beforeEach(async () => {
  await h.db.delete(products);
  await h.db.delete(auditLog);
});

const add = (p: Parameters<typeof addTestProduct>[1]) => addTestProduct(h.db, p);

async function post(fields: Record<string, string>, user = TEST_ADMIN) {
  const r = await callRoute<FormReply>(
    action,
    formPost("/admin/productos", fields),
    routeContext(services(), user),
  );
  return { status: r.status, body: r.data };
}
const hide = (id: string, visible = false) =>
  post({ intent: "product-visibility", id, visible: String(visible) });

/** A visitor's context (no session), or a signed-in staff member's. */
const publicContext = (user: typeof TEST_ADMIN | null = null) =>
  ({ ...routeContext(services(), user), publicOrigin: "https://tienda.example" }) as AppLoadContext;

const shopPage = async (query = "") =>
  shopLoader({
    request: new Request(`https://tienda.example/tienda${query}`),
    context: publicContext(),
    params: {},
  } as Parameters<typeof shopLoader>[0]);

describe("a hidden product ('Oculto')", () => {
  it("leaves the shop, its search and counts, the sitemap and the cart, and comes back when shown", async () => {
    const shown = await add({ name: "Café Pilón" });
    const hidden = await add({ name: "Café Bustelo" });
    const announced: BusEvent[] = [];
    const stop = h.bus.subscribe((e) => announced.push(e));
    expect(await hide(hidden.id)).toMatchObject({
      status: 200,
      body: { ok: true, message: { description: "«Café Bustelo» quedó oculto de la tienda." } },
    });
    stop();
    // The same announcement a save makes: every instance's page cache drops the shop pages.
    expect(announced).toContainEqual(
      expect.objectContaining({
        topic: "catalog",
        type: "catalog.changed",
        payload: { id: hidden.id, action: "saved" },
      }),
    );

    const search = await searchProducts(h.db, { q: "cafe", category: "todos", limit: 10 });
    expect(search).toEqual({ products: [expect.objectContaining({ name: "Café Pilón" })], total: 1 });
    expect((await searchProducts(h.db, { q: "bustelo", category: "comida", limit: 10 })).total).toBe(0);
    const page = await shopPage("?q=caf");
    expect(page.products.map((p) => p.name)).toEqual(["Café Pilón"]);
    expect(page.total).toBe(1);
    expect((await listProductSlugs(h.db)).map((p) => p.name)).toEqual(["Café Pilón"]);
    const sitemap = await (
      (await sitemapLoader({ context: publicContext() } as Parameters<typeof sitemapLoader>[0])) as Response
    ).text();
    expect(sitemap).toContain("cafe-pilon-");
    expect(sitemap).not.toContain("cafe-bustelo-");
    // The cart cannot order it: it is absent, as a deleted product is.
    expect((await listProductsByIds(h.db, [shown.id, hidden.id])).map((p) => p.id)).toEqual([shown.id]);
    // Staff still see and edit it.
    expect((await listProducts(h.db)).find((p) => p.id === hidden.id)).toMatchObject({ visible: false });

    expect((await hide(hidden.id, true)).body.ok).toBe(true);
    expect((await searchProducts(h.db, { q: "bustelo", category: "todos", limit: 10 })).total).toBe(1);
    expect(await listProductsByIds(h.db, [hidden.id])).toHaveLength(1);
  });

  it("answers 404 on its page to visitors, and shows staff the page with a note", async () => {
    const p = await add({ name: "Queso Seco" });
    await hide(p.id);
    const slug = productSlug(p);
    expect(await findProductBySlug(h.db, slug)).toBe("hidden");
    expect(await findProductBySlug(h.db, slug, { withHidden: true })).toMatchObject({ canonical: true });

    // The page's loader with its slug (callRoute passes no params).
    const run = (user: typeof TEST_ADMIN | null) =>
      callRoute<{ product: { name: string }; hidden: boolean }>(
        (args) => productPageLoader({ ...args, params: { slug } }),
        new Request(`https://tienda.example/tienda/${slug}`),
        publicContext(user),
      );
    const visitor = await run(null);
    expect(visitor.status).toBe(404);
    expect(JSON.stringify(visitor.data)).not.toContain("Queso");
    const staff = await run(TEST_OPERADOR);
    expect(staff.status).toBe(200);
    expect(staff.data).toMatchObject({ product: { name: "Queso Seco" }, hidden: true });
  });

  it("is recorded in 'Actividad', and saving the form without the switch keeps it hidden", async () => {
    const p = await add({ name: "Nacatamal" });
    await hide(p.id);
    await hide(p.id); // already hidden: nothing changes, nothing is recorded
    const { rows } = await listAudit(h.db, {}, { offset: 0, limit: 10 });
    expect(rows).toEqual([
      expect.objectContaining({
        action: "product.visibility",
        actorName: "Admin",
        target: "Nacatamal",
        changes: { visible: [true, false] },
      }),
    ]);
    expect(
      (
        await post({
          intent: "product-save",
          id: p.id,
          name: "Nacatamal",
          stockQuantity: "2",
          category: "comida",
        })
      ).body.ok,
    ).toBe(true);
    expect(await getProduct(h.db, p.id)).toMatchObject({ visible: false, stockQuantity: 2 });
    await post({
      intent: "product-save",
      id: p.id,
      name: "Nacatamal",
      stockQuantity: "2",
      category: "comida",
      visible: "true",
    });
    expect(await getProduct(h.db, p.id)).toMatchObject({ visible: true });
    expect(
      productSaveSchema.safeParse({ ...TEST_PRODUCT, stockQuantity: "1", visible: "quizás" }).success,
    ).toBe(false);
  });

  it("refuses an operador and a visitor", async () => {
    const p = await add({ name: "Rosquillas" });
    await hide(p.id);
    const show = { intent: "product-visibility", id: p.id, visible: "true" };
    expect((await post(show, TEST_OPERADOR)).status).toBe(403);
    const visitor = await callRoute(
      action,
      formPost("/admin/productos", show),
      routeContext(services(), null),
    );
    expect(visitor.status).toBe(401);
    expect(await getProduct(h.db, p.id)).toMatchObject({ visible: false });
  });
});

describe("'Marcar Agotado' / 'Marcar En Stock' keep the stock", () => {
  const toggle = (id: string) => post({ intent: "product-toggle-stock", id });

  it("takes 12 to 0 and back to 12, and says so in 'Actividad'", async () => {
    const p = await add({ name: "Pinolillo", stockQuantity: 12 });
    expect((await toggle(p.id)).body.message?.description).toBe("Stock actualizado a 0.");
    expect(await getProduct(h.db, p.id)).toMatchObject({ stockQuantity: 0, stockBeforeSoldOut: 12 });
    expect((await toggle(p.id)).body.message?.description).toBe("Stock actualizado a 12.");
    expect(await getProduct(h.db, p.id)).toMatchObject({ stockQuantity: 12, stockBeforeSoldOut: null });
    const { rows } = await listAudit(h.db, { kind: "product" }, { offset: 0, limit: 10 });
    expect(rows.map((r) => r.changes)).toEqual([{ stockQuantity: [0, 12] }, { stockQuantity: [12, 0] }]);
  });

  it("brings back 1 when nothing was kept (set to 0 in the form)", async () => {
    const p = await add({ name: "Cajeta", stockQuantity: 0 });
    await toggle(p.id);
    expect(await getProduct(h.db, p.id)).toMatchObject({ stockQuantity: 1, stockBeforeSoldOut: null });
  });

  it("forgets the kept stock once a stock is typed in the form, not when other fields change", async () => {
    const p = await add({ name: "Rosquillas", stockQuantity: 7 });
    await toggle(p.id);
    const save = (over: Record<string, string>) =>
      post({
        intent: "product-save",
        id: p.id,
        name: "Rosquillas",
        stockQuantity: "0",
        category: "comida",
        ...over,
      });
    await save({ name: "Rosquillas de Somoto" });
    expect(await getProduct(h.db, p.id)).toMatchObject({ stockQuantity: 0, stockBeforeSoldOut: 7 });
    await save({ stockQuantity: "3" });
    expect(await getProduct(h.db, p.id)).toMatchObject({ stockQuantity: 3, stockBeforeSoldOut: null });
    await toggle(p.id);
    await save({ stockQuantity: "0" }); // typed 0 over the sold-out 0: still the same stock
    expect(await getProduct(h.db, p.id)).toMatchObject({ stockQuantity: 0, stockBeforeSoldOut: 3 });
  });
});
