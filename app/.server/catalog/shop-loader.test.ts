import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { SHOP_PAGE_SIZE } from "../../lib/catalog";
import { loader } from "../../routes/tienda/route";
import type { DbHandle } from "../db/client";
import { products } from "../db/schema";
import type { Services } from "../services";
import { testLogger } from "../testing/db";
import { setupTestDatabase } from "../testing/setup";

const h = setupTestDatabase({ seed: true });
beforeAll(async () => {
  await h.db.insert(products).values(
    Array.from({ length: 50 }, (_, i) => ({
      name: `Artículo ${i}`,
      category: i % 2 ? "comida" : "artesanía",
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    })),
  );
});

const run = (query: string, db = h.db) =>
  loader({
    request: new Request(`http://tienda.example/tienda${query}`),
    context: {
      services: { db, logger: testLogger } as unknown as Services,
      publicOrigin: "https://tienda.example",
    } as AppLoadContext,
    params: {},
  } as Parameters<typeof loader>[0]);

describe("the /tienda loader", () => {
  it("serves the first page of matches newest first, with the total and the categories", async () => {
    const page = await run("");
    expect(page.products).toHaveLength(SHOP_PAGE_SIZE);
    expect(page.total).toBe(50);
    expect(page.products[0]?.name).toBe("Artículo 49");
    expect(page.categories.map((c) => c.value)).toEqual(["ropa", "calzado", "comida", "artesanía"]);
    expect(page.filters).toEqual({ q: "", categoria: "todos", mostrar: SHOP_PAGE_SIZE });
    // Absolute links use the site's public address (PUBLIC_URL), not the request's host.
    expect(page.origin).toBe("https://tienda.example");
  });

  it("reads search, category and 'ver más' from the URL", async () => {
    expect((await run("?mostrar=48")).products).toHaveLength(48);
    expect((await run("?mostrar=96")).products).toHaveLength(50);
    const filtered = await run(`?q=ARTICULO%204&categoria=${encodeURIComponent("artesanía")}`);
    expect(filtered.products.map((p) => p.name)).toEqual([
      "Artículo 48",
      "Artículo 46",
      "Artículo 44",
      "Artículo 42",
      "Artículo 40",
      "Artículo 4",
    ]);
  });

  it("turns a database out of reach into the 'Error al Cargar Datos' screen's 503", async () => {
    const broken = {
      select: () => {
        throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
      },
    } as unknown as DbHandle["db"];
    await expect(run("", broken)).rejects.toMatchObject({
      init: { status: 503 },
      data: { message: "Products fetch error: la base de datos no respondió." },
    });
  });
});
