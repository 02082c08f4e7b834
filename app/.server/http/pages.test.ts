import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defined } from "../../test/defined";
import { attemptLogin } from "../auth/login";
import { saveProduct } from "../catalog/product-changes";
import { listProducts } from "../catalog/products";
import { loadHeroCarouselConfig } from "../content/hero";
import { saveHeroCarouselSettings } from "../content/hero-admin";
import { saveSiteText, updateSiteSettings } from "../content/site-admin";
import { createOrder, findByTracking } from "../orders/orders";
import { startTestApp, type TestApp, withTwoInstances } from "../testing/app";
import { createTestDb, onPostgres, testLogger } from "../testing/db";
import { sessionCookieHeader } from "../testing/routes";
import type { PageHandler } from "./pages";

/**
 * A page handler in place of React Router's (no Vite build here) that shows what the real pages
 * do: the site's colour and texts, the hero settings, the products and prices, the signed-in
 * staff member's name and a tracking result, with an inline script carrying the response's nonce.
 */
const page: PageHandler = async (request, ctx) => {
  const url = new URL(request.url);
  const { db, siteContent, logger } = ctx.services;
  const { settings, text } = await siteContent.get();
  const hero = await loadHeroCarouselConfig(db, logger);
  const products = await listProducts(db);
  const numero = url.searchParams.get("numero");
  const order = numero ? await findByTracking(db, numero) : null;
  const body = [
    `<!doctype html><html><head><script nonce="${ctx.cspNonce}">window.x=1</script></head><body>`,
    `<p>colour ${settings.colors.primary}</p><p>title ${text.heroTitle}</p><p>hero ${hero.delay}</p>`,
    products.map((p) => `<p>${p.name} ${p.priceCents}</p>`).join(""),
    ctx.auth.user ? `<p>staff ${ctx.auth.user.email}</p>` : "",
    order ? `<p>order ${order.customerName} ${order.status}</p>` : "",
    `<script nonce="${ctx.cspNonce}">window.y=2</script></body></html>`,
  ].join("");
  return new Response(body, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `script-src 'self' 'nonce-${ctx.cspNonce}'`,
    },
  });
};

const get = (app: TestApp, path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { headers });
const nonceOf = (res: Response) =>
  /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

async function addProduct(app: TestApp, priceCents: number, id?: string) {
  const { db, bus, storage, logger } = app.services;
  const { product } = await saveProduct({ db, bus, storage, logger, actor: null }, {
    id,
    name: "Café Presto",
    description: undefined,
    category: "comida",
    stockQuantity: 5,
    priceCents,
    isOnSale: false,
    saleInfo: undefined,
    salePriceCents: null,
    fontFamily: "Inter",
  } as never);
  return product.id;
}

describe("the page cache in the HTTP app (one instance, embedded database)", () => {
  let app: TestApp & { close(): Promise<void> };
  beforeAll(async () => {
    const db = await createTestDb();
    app = await startTestApp(db, { SEED_DEMO: "false" }, page);
    // The defaults seeded by createServices: categories, settings.
  });
  afterAll(() => app?.close());

  it("answers a visitor from memory with a new nonce each time, in the page and in the policy", async () => {
    const first = await get(app, "/servicios");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const second = await get(app, "/servicios");
    expect(second.headers.get("x-page-cache")).toBe("fresh");
    const [n1, n2] = [nonceOf(first), nonceOf(second)];
    expect(n1).toBeTruthy();
    expect(n1).not.toBe(n2);
    const html = await second.text();
    expect(html.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${n2}"`, `nonce="${n2}"`]);
    expect(second.headers.get("content-encoding")).toBe("gzip"); // fetch decodes it
    expect(second.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("answers a browser's revalidation with 304 and no policy, so its stored copy keeps its own", async () => {
    const res = await get(app, "/contact");
    await res.text();
    const etag = defined(res.headers.get("etag"), "ETag header");
    expect(etag).toMatch(/^W\/"/);
    const again = await get(app, "/contact", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBeNull();
  });

  it("sends a body that decodes the same with or without gzip", async () => {
    const gz = await fetch(`${app.url}/nosotros`, { headers: { "Accept-Encoding": "gzip" } });
    const raw = Buffer.from(await gz.arrayBuffer()); // undici decodes gzip: a broken stream would throw
    expect(raw.toString()).toContain("</html>");
    const http = await import("node:http");
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(`${app.url}/nosotros`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        })
        .on("error", reject);
    });
    expect(zlib.gunzipSync(bytes).toString()).toMatch(/^<!doctype html>.*<\/html>$/);
  });

  it("shows a new price, text, colour and hero setting at the next request once the new copy is rendered", async () => {
    const id = await addProduct(app, 250);
    expect(await (await get(app, "/tienda")).text()).toContain("Café Presto 250");
    expect((await get(app, "/tienda")).headers.get("x-page-cache")).toBe("fresh");

    const { db, bus, logger } = app.services;
    await addProduct(app, 399, id);
    await saveSiteText(
      { db, bus },
      { ...(await app.services.siteContent.get()).text, heroTitle: "Nuevo título" },
      null,
    );
    await updateSiteSettings({ db, bus }, { colors: { primary: "10 80% 40%" } } as never, null);
    const hero = await loadHeroCarouselConfig(db, logger);
    await saveHeroCarouselSettings({ db, bus, logger, storage: app.services.storage } as never, {
      isEnabled: hero.autoplay,
      autoplaySpeed: 7000,
      showArrows: hero.showArrows,
      showDots: hero.showDots,
    });
    await defined(app.pageCache, "page cache").settled();
    const html = await (await get(app, "/tienda")).text();
    expect(html).toContain("Café Presto 399");
    expect(html).toContain("title Nuevo título");
    expect(html).toContain("colour 10 80% 40%");
    expect(html).toContain("hero 7000");
  });

  it("never keeps or shares a signed-in page, a tracking result, or a page that sets a cookie", async () => {
    const r = await attemptLogin(
      app.services.db,
      { email: "admin@example.com", password: "admin-pass-123", ip: "127.0.0.1" },
      { maxFailures: 5, windowMinutes: 15, session: { ttlHours: 1, maxDays: 30 } },
    );
    const cookie = await sessionCookieHeader(r.token);
    const staff = await get(app, "/personal-shop", { Cookie: cookie });
    expect(await staff.text()).toContain("staff admin@example.com");
    expect(staff.headers.get("x-page-cache")).toBeNull();
    const visitor = await get(app, "/personal-shop");
    expect(visitor.headers.get("x-page-cache")).toBe("miss");
    expect(await visitor.text()).not.toContain("staff ");

    const order = await createOrder({ db: app.services.db, bus: app.services.bus }, {
      customerName: "Ana Pérez",
      orderDescription: "Caja",
    } as never);
    const tracked = await get(app, `/seguimiento?numero=${order.trackingNumber}`);
    // The public view: first name and initial (the rest only after the 4-digit check).
    expect(await tracked.text()).toContain("order Ana P.");
    expect(tracked.headers.get("x-page-cache")).toBeNull();
    expect(tracked.headers.get("cache-control")).toMatch(/no-store/);
    const pageCache = defined(app.pageCache, "page cache");
    const { entries } = pageCache.stats();
    for (let i = 0; i < 2; i++) await (await get(app, `/seguimiento?numero=${order.trackingNumber}`)).text();
    expect(pageCache.stats().entries).toBe(entries);
    expect(pageCache.has(`${app.url}/seguimiento?numero=${order.trackingNumber}`)).toBe(false);
  });
});

describe.runIf(onPostgres)("the page cache on two instances on one Postgres", () => {
  it("a price, text, colour or hero change made on one instance shows on both", () =>
    withTwoInstances(
      async (a, b) => {
        const id = await addProduct(a, 250);
        for (const app of [a, b]) {
          await (await get(app, "/tienda")).text();
          expect(await (await get(app, "/tienda")).text()).toContain("Café Presto 250");
        }
        const waitFor = (app: TestApp, topic: string) =>
          new Promise<void>((resolve) => {
            const off = app.services.bus.subscribe((e) => {
              if (e.topic === topic) {
                off();
                resolve();
              }
            });
          });
        const { db, bus, logger } = a.services;
        let seen = waitFor(b, "catalog");
        await addProduct(a, 499, id);
        await seen;
        seen = waitFor(b, "site");
        await updateSiteSettings({ db, bus }, { colors: { primary: "200 50% 30%" } } as never, null);
        await seen;
        seen = waitFor(b, "site");
        const hero = await loadHeroCarouselConfig(db, logger);
        await saveHeroCarouselSettings({ db, bus, logger, storage: a.services.storage } as never, {
          isEnabled: hero.autoplay,
          autoplaySpeed: 6500,
          showArrows: hero.showArrows,
          showDots: hero.showDots,
        });
        await seen;
        for (const app of [a, b]) {
          // PAGE_CACHE_STALE_SECONDS=0: the request right after the change renders anew.
          const html = await (await get(app, "/tienda")).text();
          expect(html).toContain("Café Presto 499");
          expect(html).toContain("colour 200 50% 30%");
          expect(html).toContain("hero 6500");
        }
      },
      { env: { PAGE_CACHE_STALE_SECONDS: "0" }, handler: page },
    ));

  it("with the default stale window, both show the change once their new copy is rendered", () =>
    withTwoInstances(
      async (a, b) => {
        for (const app of [a, b]) await (await get(app, "/")).text();
        const { db, bus } = a.services;
        const seen = new Promise<void>((resolve) => {
          const off = b.services.bus.subscribe((e) => {
            if (e.topic === "site") {
              off();
              resolve();
            }
          });
        });
        await saveSiteText(
          { db, bus },
          { ...(await a.services.siteContent.get()).text, heroTitle: "Otro título" },
          null,
        );
        await seen;
        for (const app of [a, b]) {
          await defined(app.pageCache, "page cache").settled();
          const res = await get(app, "/");
          expect(res.headers.get("x-page-cache")).toBe("fresh");
          expect(await res.text()).toContain("title Otro título");
        }
      },
      { handler: page },
    ));
});

void testLogger;
