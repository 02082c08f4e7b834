import type { AppLoadContext } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { FormReply } from "../../lib/forms";
import { action } from "../../routes/admin/products/route";
import { loader as shopLoader } from "../../routes/tienda/route";
import { listAudit } from "../audit/audit";
import { auditLog, categories, products } from "../db/schema";
import { DEFAULT_CATEGORIES } from "../seed";
import type { Services } from "../services";
import { testLogger } from "../testing/db";
import { addTestProduct } from "../testing/products";
import { callRoute, formPost, routeContext, TEST_ADMIN, TEST_OPERADOR } from "../testing/routes";
import { setupTestDatabase, setupTestStorage } from "../testing/setup";
import { listCategoryUsage } from "./category-changes";
import { announceCatalogChange } from "./events";
import { getProduct, listCategories } from "./products";

/** Issue 38: the owner's own categories at the products tab ('Categorías'). */
const h = setupTestDatabase({ seed: true, bus: true });
const storage = setupTestStorage();
const services = () => ({ db: h.db, bus: h.bus, storage, logger: testLogger }) as unknown as Services;

beforeEach(async () => {
  await h.db.delete(products);
  await h.db.delete(categories);
  await h.db.insert(categories).values(DEFAULT_CATEGORIES);
  await h.db.delete(auditLog);
  // The table was rewritten behind the app's back: drop the shop's copy as a change would.
  await announceCatalogChange(h.bus, "test", "category");
});

async function post(fields: Record<string, string>, user = TEST_ADMIN) {
  const r = await callRoute<FormReply>(
    action,
    formPost("/admin/productos", fields),
    routeContext(services(), user),
  );
  return { status: r.status, body: r.data };
}
const addCat = (label: string) => post({ intent: "category-add", label });
const labels = async () => (await listCategoryUsage(h.db)).map((c) => c.label);
const product = (name: string, category: string) => addTestProduct(h.db, { name, category });
const shopCategories = async () =>
  (
    await shopLoader({
      request: new Request("https://tienda.example/tienda"),
      context: {
        ...routeContext(services(), null),
        publicOrigin: "https://tienda.example",
      } as AppLoadContext,
      params: {},
    } as Parameters<typeof shopLoader>[0])
  ).categories;

describe("'Categorías': the owner's categories", () => {
  it("adds one at the end under a slug, and the shop's filters follow at the next request", async () => {
    // The shop's copy is kept in memory until a change is announced on the catalog topic.
    expect((await shopCategories()).map((c) => c.label)).toEqual(["Ropa", "Calzado", "Comida", "Artesanía"]);
    const added = await addCat("  Bebidas Frías ");
    expect(added).toMatchObject({
      status: 200,
      body: { ok: true, message: { description: "Categoría «Bebidas Frías» agregada." } },
    });
    expect(await listCategoryUsage(h.db)).toContainEqual({
      value: "bebidas-frias",
      label: "Bebidas Frías",
      products: 0,
    });
    expect(await shopCategories()).toEqual([
      ...DEFAULT_CATEGORIES.map(({ value, label }) => ({ value, label })),
      { value: "bebidas-frias", label: "Bebidas Frías" },
    ]);
    // A product can now be saved in it.
    const saved = await post({
      intent: "product-save",
      name: "Fresco de cacao",
      stockQuantity: "3",
      category: "bebidas-frias",
    });
    expect(saved.body.ok).toBe(true);
  });

  it("refuses an empty, too long, taken or reserved name with Spanish errors by the field", async () => {
    const errorOf = async (fields: Record<string, string>) => {
      const r = await post(fields);
      expect(r.body.ok).toBe(false);
      return r.body.result.error?.label?.[0];
    };
    expect(await errorOf({ intent: "category-add", label: "   " })).toBe(
      "Escribe el nombre de la categoría.",
    );
    expect(await errorOf({ intent: "category-add", label: "x".repeat(41) })).toBe(
      "El nombre no puede superar los 40 caracteres.",
    );
    expect(await errorOf({ intent: "category-add", label: "COMÍDA" })).toBe(
      "Ya existe una categoría con ese nombre.",
    );
    expect(await errorOf({ intent: "category-add", label: "artesania" })).toBe(
      "Ya existe una categoría con ese nombre.",
    );
    expect(await errorOf({ intent: "category-add", label: "Todos" })).toBe(
      "«Todos» ya es el filtro de toda la tienda: elige otro nombre.",
    );
    expect(await errorOf({ intent: "category-add", label: "¡¡!!" })).toBe(
      "Usa letras o números en el nombre.",
    );
    expect(await errorOf({ intent: "category-rename", value: "ropa", label: "calzado" })).toBe(
      "Ya existe una categoría con ese nombre.",
    );
    expect(await errorOf({ intent: "category-rename", value: "ropa", label: "" })).toBe(
      "Escribe el nombre de la categoría.",
    );
    expect(await labels()).toEqual(["Ropa", "Calzado", "Comida", "Artesanía"]);
  });

  it("renames the label and keeps the value, so products and shared links keep their category", async () => {
    const p = await product("Gallo pinto", "comida");
    const r = await post({ intent: "category-rename", value: "comida", label: "Comida típica" });
    expect(r.body.message?.description).toBe("Categoría renombrada a «Comida típica».");
    expect(await labels()).toEqual(["Ropa", "Calzado", "Comida típica", "Artesanía"]);
    expect(await getProduct(h.db, p.id)).toMatchObject({ category: "comida" });
    // Its own name in other capitals is no clash with itself.
    expect((await post({ intent: "category-rename", value: "comida", label: "COMIDA TÍPICA" })).body.ok).toBe(
      true,
    );
  });

  it("moves one up or down, staying put at either end", async () => {
    await post({ intent: "category-move", value: "artesanía", direction: "up" });
    expect(await labels()).toEqual(["Ropa", "Calzado", "Artesanía", "Comida"]);
    await post({ intent: "category-move", value: "ropa", direction: "down" });
    expect(await labels()).toEqual(["Calzado", "Ropa", "Artesanía", "Comida"]);
    const top = await post({ intent: "category-move", value: "calzado", direction: "up" });
    expect(top.body.ok).toBe(true);
    await post({ intent: "category-move", value: "comida", direction: "down" });
    expect(await labels()).toEqual(["Calzado", "Ropa", "Artesanía", "Comida"]);
    expect((await listCategories(h.db, h.bus)).map((c) => c.label)).toEqual(await labels());
    const bad = await post({ intent: "category-move", value: "comida", direction: "sideways" });
    expect(bad.status).toBe(400);
  });

  it("removes a category no product uses, and refuses one in use saying how many use it", async () => {
    await product("Gallo pinto", "comida");
    await product("Nacatamal", "comida");
    await product("Vigorón", "comida");
    const refused = await post({ intent: "category-remove", value: "comida" });
    expect(refused).toMatchObject({
      status: 409,
      body: { ok: false, message: { description: "No se puede eliminar «Comida»: la usan 3 productos." } },
    });
    expect(await labels()).toContain("Comida");
    await product("Hamaca", "artesanía");
    expect((await post({ intent: "category-remove", value: "artesanía" })).body.message?.description).toBe(
      "No se puede eliminar «Artesanía»: la usa 1 producto.",
    );

    const removed = await post({ intent: "category-remove", value: "calzado" });
    expect(removed.body).toMatchObject({
      ok: true,
      message: { description: "Categoría «Calzado» eliminada." },
    });
    expect(await labels()).toEqual(["Ropa", "Comida", "Artesanía"]);
    expect((await shopCategories()).map((c) => c.value)).not.toContain("calzado");
    expect((await post({ intent: "category-remove", value: "calzado" })).status).toBe(404);
  });

  it("records each change in 'Actividad' in the owner's words", async () => {
    await addCat("Bebidas");
    await post({ intent: "category-rename", value: "bebidas", label: "Refrescos" });
    await post({ intent: "category-move", value: "bebidas", direction: "up" });
    await post({ intent: "category-remove", value: "bebidas" });
    const { rows } = await listAudit(h.db, { kind: "category" }, { offset: 0, limit: 10 });
    expect(
      rows.map(({ action, target, changes, actorName }) => ({ action, target, changes, actorName })),
    ).toEqual([
      {
        action: "category.deleted",
        target: "Refrescos",
        changes: { label: "Refrescos" },
        actorName: "Admin",
      },
      { action: "category.moved", target: "Refrescos", changes: { position: [5, 4] }, actorName: "Admin" },
      {
        action: "category.renamed",
        target: "Refrescos",
        changes: { label: ["Bebidas", "Refrescos"] },
        actorName: "Admin",
      },
      {
        action: "category.created",
        target: "Bebidas",
        changes: { label: "Bebidas", position: 5 },
        actorName: "Admin",
      },
    ]);
  });

  it("refuses every category change to an operador (403) and to a visitor (401)", async () => {
    await product("Gallo pinto", "ropa");
    const attempts: Record<string, string>[] = [
      { intent: "category-add", label: "Bebidas" },
      { intent: "category-rename", value: "ropa", label: "Vestidos" },
      { intent: "category-move", value: "ropa", direction: "down" },
      { intent: "category-remove", value: "calzado" },
    ];
    for (const fields of attempts) {
      expect((await post(fields, TEST_OPERADOR)).status, fields.intent).toBe(403);
      const visitor = await callRoute(
        action,
        formPost("/admin/productos", fields),
        routeContext(services(), null),
      );
      expect(visitor.status, fields.intent).toBe(401);
    }
    expect(await labels()).toEqual(["Ropa", "Calzado", "Comida", "Artesanía"]);
    expect((await listAudit(h.db, {}, { offset: 0, limit: 10 })).total).toBe(0);
  });
});
