import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { createProduct } from "~/.server/catalog/products";
import type { Services } from "~/.server/services";
import { testLogger } from "~/.server/testing/db";
import { setupTestDatabase } from "~/.server/testing/setup";
import { productSlug } from "~/lib/catalog";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { loader, meta } from "./route";

const h = setupTestDatabase({ seed: true });
const context = () =>
  ({
    services: { db: h.db, logger: testLogger } as unknown as Services,
    publicOrigin: "https://tienda.example",
  }) as AppLoadContext;

const run = (slug: string) =>
  loader({
    request: new Request(`http://x/tienda/${slug}`),
    context: context(),
    params: { slug },
  } as Parameters<typeof loader>[0]);

/** The redirect a loader threw, as [status, location]. */
async function redirectOf(p: Promise<unknown>): Promise<[number, string | null]> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return [e.status, e.headers.get("Location")];
    throw e;
  }
  throw new Error("no redirect");
}

const product = () =>
  createProduct(h.db, {
    name: "Café Pilón Molido",
    description: "Café cubano\n10 oz",
    stockQuantity: 4,
    category: "comida",
    fontFamily: "Inter",
    isOnSale: true,
    saleInfo: "2x1",
    priceCents: 800,
    salePriceCents: 650,
    imageUrl: "/files/products/cafe.webp",
  });

describe("the product page /tienda/{slug}", () => {
  it("loads a product by its slug, with the preview tags a shared link needs", async () => {
    const p = await product();
    const slug = productSlug(p);
    expect(slug).toMatch(/^cafe-pilon-molido-[0-9a-f]{8}$/);
    const out = await run(slug);
    expect(out.product).toMatchObject({ id: p.id, priceCents: 800, salePriceCents: 650 });
    const tags = meta({
      loaderData: out,
      matches: [{ loaderData: { origin: "https://tienda.example", settings: { siteName: "Mini Market" } } }],
    } as unknown as Parameters<typeof meta>[0]);
    const prop = (name: string) =>
      tags.find((t) => "property" in t && t.property === name) as { content: string } | undefined;
    expect(prop("og:title")?.content).toBe("Café Pilón Molido · Mini Market");
    expect(prop("og:description")?.content).toBe("$6.50 · Café cubano 10 oz");
    expect(prop("og:image")?.content).toBe("https://tienda.example/files/products/cafe.webp");
    expect(prop("og:url")?.content).toBe(`https://tienda.example/tienda/${slug}`);
    expect(prop("og:type")?.content).toBe("product");
  });

  it("redirects an old name to the current slug, and unknown slugs to /", async () => {
    const p = await product();
    const idPart = productSlug(p).slice(-8);
    expect(await redirectOf(run(`nombre-viejo-${idPart}`))).toEqual([301, `/tienda/${productSlug(p)}`]);
    expect(await redirectOf(run(idPart.toUpperCase()))).toEqual([301, `/tienda/${productSlug(p)}`]);
    expect(await redirectOf(run("no-existe"))).toEqual([302, "/"]);
    expect(await redirectOf(run("producto-00000000"))).toEqual([302, "/"]);
    expect(await redirectOf(run("x'; drop table products; --"))).toEqual([302, "/"]);
  });

  it("lists product pages in the sitemap", async () => {
    const p = await product();
    const res = (await sitemapLoader({ context: context() } as Parameters<
      typeof sitemapLoader
    >[0])) as Response;
    const xml = await res.text();
    expect(xml).toContain("<loc>https://tienda.example/tienda</loc>");
    expect(xml).toContain(`<loc>https://tienda.example/tienda/${productSlug(p)}</loc>`);
  });
});
