import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { logProblems, rawRequest, routeData, setupSite, signIn } from "./harness";

// Findings 3 (open redirect after login), 11 (headers), 12 (HTTP edge cases) and 14 (misleading
// upload messages).
const PUBLIC_URL = "https://minimarket.example";
const site = setupSite({ PUBLIC_URL });
let cookie = "";

beforeAll(async () => {
  cookie = await signIn(site);
});

describe("finding 3: after sign-in only paths of this site are followed", () => {
  const EVIL = [
    "/%09/evil.example",
    "/%5Cevil.example",
    "//evil.example",
    "/a/..//evil.example",
    "https://evil.example",
  ];

  it("when signing in with a crafted redirectTo", async () => {
    for (const target of EVIL) {
      const res = await fetch(`${site.url}/admin-login?redirectTo=${target}`, {
        method: "POST",
        body: new URLSearchParams({
          email: "admin@example.com",
          password: "admin-pass-123",
          redirectTo: decodeURIComponent(target),
        }),
        redirect: "manual",
      });
      expect(res.status, target).toBe(302);
      expect(res.headers.get("location"), target).toBe("/admin");
    }
  });

  it("when already signed in and sent to the sign-in page", async () => {
    for (const target of EVIL) {
      const res = await fetch(`${site.url}/admin-login?redirectTo=${target}`, {
        headers: { cookie },
        redirect: "manual",
      });
      expect(res.headers.get("location"), target).toBe("/admin");
    }
    const ok = await fetch(
      `${site.url}/admin-login?redirectTo=${encodeURIComponent("/admin/orders?estado=enviando")}`,
      {
        headers: { cookie },
        redirect: "manual",
      },
    );
    expect(ok.headers.get("location")).toBe("/admin/orders?estado=enviando");
  });
});

describe("finding 11: security headers", () => {
  it("pages carry a nonce-based CSP that every inline script of React Router satisfies", async () => {
    const res = await fetch(`${site.url}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-inline' 'nonce"); // scripts: never unsafe-inline
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
    const inline = scripts.filter((attrs) => !/\bsrc=/.test(attrs) && !/application\/ld\+json/.test(attrs));
    expect(inline.length).toBeGreaterThan(0);
    for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    const again = await fetch(`${site.url}/`);
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
    expect(res.headers.get("permissions-policy")).toMatch(/camera=\(\).*geolocation=\(\)/);
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("HSTS only when a trusted proxy says the request came over HTTPS", async () => {
    const plain = await fetch(`${site.url}/tienda`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const https = await fetch(`${site.url}/tienda`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(https.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("no-store on staff pages, their data requests and tracking results; public pages may be cached", async () => {
    for (const path of ["/admin", "/admin/orders", "/admin-login"]) {
      const res = await fetch(`${site.url}${path}`, { headers: { cookie }, redirect: "manual" });
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
    const data = await routeData(site, "/admin/orders", { cookie });
    expect(data.headers.get("cache-control")).toBe("no-store");
    const tracking = await fetch(`${site.url}/seguimiento?numero=TRK-2020-ABCDEF`);
    expect(tracking.headers.get("cache-control")).toBe("no-store");
    const trackingData = await routeData(site, "/seguimiento?numero=TRK-2020-ABCDEF");
    expect(trackingData.headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${site.url}/tienda`)).headers.get("cache-control")).not.toBe("no-store");
  });
});

describe("finding 12: HTTP edge cases", () => {
  it("TRACE answers 405 with the methods allowed", async () => {
    const res = await rawRequest(`${site.url}/`, { method: "TRACE" });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toContain("GET");
    expect(JSON.parse(res.body).error).toBe("Método no permitido.");
  });

  it("an unparsable Host (or forwarded host) is a 400, with no stack trace in the log", async () => {
    const before = site.output().length;
    for (const host of ["evil example", "a@evil.example", "evil.example/x", "[::1"]) {
      const res = await rawRequest(`${site.url}/`, { headers: { host } });
      expect(res.status, host).toBe(400);
      expect(JSON.parse(res.body).error).toBe("La cabecera Host de la solicitud no es válida.");
    }
    const forwarded = await rawRequest(`${site.url}/`, { headers: { "x-forwarded-host": "evil example" } });
    expect(forwarded.status).toBe(400);
    const log = site.output().slice(before);
    expect(log).not.toMatch(/"stack"|\n\s+at /);
    expect(logProblems(log)).toEqual([]);
  });

  it("sitemap.xml, robots.txt and canonical and Open Graph URLs use PUBLIC_URL, whatever the Host", async () => {
    const headers = { host: "evil.example" };
    const sitemap = await rawRequest(`${site.url}/sitemap.xml`, { headers });
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/tienda</loc>`);
    expect(sitemap.body).not.toContain("evil.example");
    const robots = await rawRequest(`${site.url}/robots.txt`, { headers });
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    const page = await rawRequest(`${site.url}/tienda`, { headers });
    expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/tienda"/>`);
    expect(page.body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/tienda"/>`);
    expect(page.body).not.toContain("evil.example");
  });
});

describe("finding 14: upload messages say what happened", () => {
  it("a truncated PNG is 'damaged', not 'storage did not respond'", async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#0a0" } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const form = new FormData();
    form.set("intent", "product-save");
    form.set("name", "Foto rota");
    form.set("stockQuantity", "1");
    form.set("category", "comida");
    form.set(
      "image",
      new Blob([new Uint8Array(png.subarray(0, png.length / 2))], { type: "image/png" }),
      "rota.png",
    );
    const res = await routeData(site, "/admin/productos", { cookie, form });
    expect(res.status).toBe(400);
    const message = (res.value.data as { message?: { description?: string } }).message?.description;
    expect(message).toBe(
      "Error al subir imagen: La imagen está dañada o incompleta. Vuelve a guardarla o elige otra.",
    );
  });

  it("logged no server error along the way", () => {
    expect(logProblems(site.output())).toEqual([]);
  });
});
