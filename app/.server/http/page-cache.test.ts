import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { TOPICS } from "../../lib/events";
import { defined } from "../../test/defined";
import type { BusEvent, EventBus } from "../events/bus";
import { testLogger } from "../testing/db";
import {
  type CacheTarget,
  cacheTarget,
  createPageCache,
  gzipBody,
  mayKeep,
  plainBody,
  toCachedPage,
} from "./page-cache";

const ORIGIN = "http://shop.test";
const target = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  cacheTarget({ method, path: defined(url.split("?")[0], "path"), url, headers, origin: ORIGIN });

describe("which requests the page cache may answer", () => {
  it("takes the public pages, their data requests and the shop's own filters", () => {
    for (const url of [
      "/",
      "/_root.data",
      "/tienda",
      "/tienda.data?_routes=root,routes/tienda/route",
      "/tienda?q=caf%C3%A9&categoria=comida&mostrar=48",
      "/tienda/cafe-presto-1a2b3c4d",
      "/nosotros",
      "/servicios",
      "/seguimiento",
      "/contact",
    ]) {
      expect(target(url), url).not.toBeNull();
    }
    expect(target("/tienda?q=pan")?.tags).toEqual(["site", "catalog"]);
    expect(target("/nosotros")?.tags).toEqual(["site"]);
  });

  it("never takes a request with a cookie (a session, a flash toast) or an Authorization header", () => {
    expect(target("/tienda", { cookie: "mm_session=abc" })).toBeNull();
    expect(target("/tienda", { cookie: "mm_flash=x" })).toBeNull();
    expect(target("/tienda", { cookie: "" })).toBeNull();
    expect(target("/tienda", { authorization: "Basic eDp5" })).toBeNull();
  });

  it("never takes a tracking result, staff pages, unknown parameters or other methods", () => {
    expect(target("/seguimiento?numero=TRK-2024-ABC123")).toBeNull();
    expect(target("/seguimiento.data?numero=TRK-2024-ABC123")).toBeNull();
    expect(target("/admin")).toBeNull();
    expect(target("/admin/orders.data")).toBeNull();
    expect(target("/admin-login")).toBeNull();
    expect(target("/tienda?utm_source=x")).toBeNull();
    expect(target("/nosotros?_routes=root")).toBeNull();
    expect(target("/contact", {}, "POST")).toBeNull();
    expect(target("/api/cart")).toBeNull();
  });
});

describe("a kept page", () => {
  const page = `<html><head><script nonce="NONCE1">a()</script></head><body>${"Café con leche ".repeat(2000)}<script nonce="NONCE1">b()</script></body></html>`;
  const render = {
    status: 200,
    headers: new Headers({
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": "script-src 'self' 'nonce-NONCE1'",
    }),
    body: page,
    nonce: "NONCE1",
  };
  const t = target("/servicios") as CacheTarget;

  it("answers with a new nonce, plain or gzipped (the gzip stream decodes to the same page)", async () => {
    const kept = await toCachedPage(t, render, [0]);
    expect(kept.parts).toHaveLength(3);
    const expected = page.replaceAll("NONCE1", "fresh+/nonce==");
    expect(plainBody(kept, "fresh+/nonce==").toString("utf8")).toBe(expected);
    const gz = gzipBody(kept, "fresh+/nonce==");
    expect(zlib.gunzipSync(gz).toString("utf8")).toBe(expected);
    expect(gz.length).toBeLessThan(Buffer.byteLength(page) / 10);
    const csp = defined(
      kept.headers.find(([k]) => k === "content-security-policy"),
      "CSP header",
    )[1];
    expect(csp.join("XYZ")).toBe("script-src 'self' 'nonce-XYZ'");
  });

  it("without a nonce (a data request) is one piece, gzipped once", async () => {
    const kept = await toCachedPage(t, { ...render, body: "[1,2,3]", nonce: "" }, [0]);
    expect(kept.parts).toHaveLength(1);
    expect(zlib.gunzipSync(gzipBody(kept, "n")).toString()).toBe("[1,2,3]");
  });

  it("is only a 200 page or data answer that sets no cookie and is not private", () => {
    const ok = (init: ResponseInit) => mayKeep(new Response("x", init));
    expect(ok({ headers: { "content-type": "text/html; charset=utf-8" } })).toBe(true);
    expect(ok({ headers: { "content-type": "text/x-script" } })).toBe(true);
    expect(ok({ status: 404, headers: { "content-type": "text/html" } })).toBe(false);
    expect(ok({ status: 302, headers: { location: "/", "content-type": "text/html" } })).toBe(false);
    expect(ok({ headers: { "content-type": "text/html", "set-cookie": "a=b" } })).toBe(false);
    expect(ok({ headers: { "content-type": "text/html", "cache-control": "no-store" } })).toBe(false);
    expect(ok({ headers: { "content-type": "application/json" } })).toBe(false);
  });
});

/** A bus that only delivers what a test emits. */
function fakeBus() {
  const listeners = new Set<(e: BusEvent) => void>();
  let id = 0;
  return {
    bus: {
      subscribe(l: (e: BusEvent) => void) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    } as unknown as EventBus,
    emit(topic: typeof TOPICS.site | typeof TOPICS.catalog) {
      const event: BusEvent =
        topic === TOPICS.site
          ? { id: ++id, topic, type: "site.changed", payload: { kind: "text" } }
          : { id: ++id, topic, type: "catalog.changed", payload: { id: "p1", action: "saved" } };
      for (const l of listeners) l(event);
    },
  };
}

function setup(opts: { staleMs?: number; maxBytes?: number } = {}) {
  const { bus, emit } = fakeBus();
  let clock = 1_000_000;
  const content: Record<string, string> = {};
  // What the root loader would say: until when a URL's page holds by the clock (RequestContext.cacheUntil).
  const limits: Record<string, number> = {};
  const rendered: string[] = [];
  const cache = createPageCache({
    maxBytes: opts.maxBytes ?? 10 * 1024 * 1024,
    ttlMs: 60_000,
    staleMs: opts.staleMs ?? 10_000,
    bus,
    logger: testLogger,
    now: () => clock,
    render: async (t) => {
      rendered.push(t.url);
      const nonce = `n${rendered.length}`;
      const body = `<script nonce="${nonce}"></script>${content[t.url] ?? "?"}`;
      return {
        nonce,
        response: new Response(body, { headers: { "content-type": "text/html" } }),
        expiresAt: () => limits[t.url],
      };
    },
  });
  const read = async (url: string) => {
    const t = target(url) as CacheTarget;
    const found = cache.lookup(t);
    const page = found.kind === "miss" ? (await cache.fill(t)).page : found.page;
    return { kind: found.kind, text: plainBody(defined(page, "cached page"), "N").toString() };
  };
  return {
    cache,
    emit,
    content,
    limits,
    rendered,
    read,
    tick: (ms: number) => (clock += ms),
    now: () => clock,
  };
}

describe("the page cache", () => {
  it("renders a page once for concurrent visitors and answers the next from memory", async () => {
    const s = setup();
    s.content[`${ORIGIN}/tienda`] = "precio 2.00";
    const t = target("/tienda") as CacheTarget;
    const [a, b] = await Promise.all([s.cache.fill(t), s.cache.fill(t)]);
    expect(a.page).toBe(b.page);
    expect(s.rendered).toHaveLength(1);
    expect(await s.read("/tienda")).toEqual({
      kind: "fresh",
      text: '<script nonce="N"></script>precio 2.00',
    });
    expect(s.rendered).toHaveLength(1);
  });

  it("after a change, answers the old copy while the new one renders, then the new one", async () => {
    const s = setup();
    const url = `${ORIGIN}/tienda`;
    s.content[url] = "precio 2.00";
    await s.read("/tienda");
    s.content[url] = "precio 3.00";
    s.emit("catalog");
    // Pages asked for lately are rendered again at once, before anyone asks.
    await s.cache.settled();
    expect(s.rendered).toHaveLength(2);
    expect((await s.read("/tienda")).text).toContain("precio 3.00");
  });

  it("a change to the products leaves the other pages alone; a site change reaches every page", async () => {
    const s = setup();
    await s.read("/nosotros");
    await s.read("/tienda");
    s.emit("catalog");
    await s.cache.settled();
    expect(s.rendered).toEqual([`${ORIGIN}/nosotros`, `${ORIGIN}/tienda`, `${ORIGIN}/tienda`]);
    s.emit("site");
    await s.cache.settled();
    expect(s.rendered).toHaveLength(5);
  });

  it("never answers a copy older than the stale window after a change", async () => {
    const s = setup({ staleMs: 5_000 });
    const url = `${ORIGIN}/servicios`;
    s.content[url] = "v1";
    await s.read("/servicios");
    s.tick(120_000); // no longer asked for lately: not refreshed at once
    s.content[url] = "v2";
    s.emit("site");
    await s.cache.settled();
    expect(s.rendered).toHaveLength(1);
    s.tick(1_000);
    const during = await s.read("/servicios");
    expect(during).toMatchObject({ kind: "stale", text: expect.stringContaining("v1") });
    await s.cache.settled();
    expect((await s.read("/servicios")).text).toContain("v2");

    s.content[url] = "v3";
    s.tick(120_000);
    s.emit("site");
    s.tick(6_000);
    expect(await s.read("/servicios")).toMatchObject({ kind: "miss", text: expect.stringContaining("v3") });
  });

  it("with no stale window, the request after a change gets the new page", async () => {
    const s = setup({ staleMs: 0 });
    const url = `${ORIGIN}/contact`;
    s.content[url] = "old";
    await s.read("/contact");
    s.tick(120_000);
    s.content[url] = "new";
    s.emit("site");
    expect((await s.read("/contact")).text).toContain("new");
  });

  it("a page rendered while a change arrives is kept as stale, and rendered again", async () => {
    const s = setup({ staleMs: 0 });
    const url = `${ORIGIN}/tienda`;
    s.content[url] = "old";
    const t = target("/tienda") as CacheTarget;
    const filling = s.cache.fill(t);
    s.emit("catalog"); // the render above started before the change
    s.content[url] = "new";
    await filling;
    expect(s.cache.lookup(t).kind).toBe("miss");
    expect((await s.read("/tienda")).text).toContain("new");
  });

  it("renders again after the time limit, answering the old copy meanwhile", async () => {
    const s = setup();
    await s.read("/");
    s.tick(61_000);
    expect((await s.read("/")).kind).toBe("stale");
    await s.cache.settled();
    expect(s.rendered).toHaveLength(2);
    expect((await s.read("/")).kind).toBe("fresh");
  });

  it("holds at most its memory budget, dropping the least recently used pages", async () => {
    const s = setup({ maxBytes: 64 * 1024 });
    for (let i = 0; i < 40; i++) {
      s.content[`${ORIGIN}/tienda?q=p${i}`] = "x".repeat(3000 + i);
      await s.read(`/tienda?q=p${i}`);
      await s.read("/"); // kept in use
    }
    const { bytes, entries, evictions } = s.cache.stats();
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(evictions).toBeGreaterThan(0);
    expect(entries).toBeLessThan(41);
    expect(s.cache.has(`${ORIGIN}/`)).toBe(true);
    expect(s.cache.has(`${ORIGIN}/tienda?q=p0`)).toBe(false);
  });

  it("never answers a copy past the next start or end of an announcement, not even as a stale one", async () => {
    const s = setup({ staleMs: 60_000 });
    const url = `${ORIGIN}/tienda`;
    s.content[url] = "aviso: cerrado el 25";
    // The announcement ends in 10 s: well before the cache's own minute.
    s.limits[url] = s.now() + 10_000;
    await s.read("/tienda");
    s.tick(9_999);
    expect(await s.read("/tienda")).toMatchObject({
      kind: "fresh",
      text: expect.stringContaining("cerrado"),
    });
    s.content[url] = "sin aviso";
    delete s.limits[url];
    s.tick(1);
    expect(await s.read("/tienda")).toEqual({ kind: "miss", text: '<script nonce="N"></script>sin aviso' });
    expect(s.rendered).toHaveLength(2);
    // With nothing scheduled, the cache's own minute again.
    s.tick(30_000);
    expect((await s.read("/tienda")).kind).toBe("fresh");
  });

  it("does not keep a page whose clock limit passed while it rendered", async () => {
    const s = setup();
    const url = `${ORIGIN}/`;
    s.limits[url] = s.now();
    await s.read("/");
    expect(s.cache.has(url)).toBe(false);
  });
});
