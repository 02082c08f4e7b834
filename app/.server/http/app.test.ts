import { describe, expect, it } from "vitest";
import { setupTestApp } from "../testing/setup";

const app = setupTestApp({ MAX_BODY_KB: "16", TEST_HOOKS: "true" });

describe("HTTP application", () => {
  it("reports health with a database check", async () => {
    const res = await fetch(`${app.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("reports 503 when the database is down", async () => {
    await fetch(`${app.url}/__test/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ db: true }),
    });
    try {
      const res = await fetch(`${app.url}/healthz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: "error", database: "unavailable" });
    } finally {
      app.services.faults.db = false;
    }
  });

  it("refuses an oversized body with 413 and a Spanish message", async () => {
    const res = await fetch(`${app.url}/admin-login`, { method: "POST", body: "x".repeat(17 * 1024) });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/demasiado grande/);
  });

  it("refuses a bad Content-Length with 400", async () => {
    const http = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${app.url}/admin-login`,
        { method: "POST", headers: { "Content-Length": "abc" } },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on("error", reject);
      req.end();
    });
    expect(status).toBe(400);
  });

  it("refuses chunked uploads without a length with 411", async () => {
    const http = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${app.url}/admin-login`, { method: "POST" }, (res) =>
        resolve(res.statusCode ?? 0),
      );
      req.on("error", reject);
      req.write("a");
      req.end();
    });
    expect(status).toBe(411);
  });

  it("answers a malformed test-hook body with 400, not 500", async () => {
    const res = await fetch(`${app.url}/__test/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
  });

  it("serves stored files with long-lived caching, and a 404 for missing ones", async () => {
    const url = await app.services.storage.put(
      "product-images",
      "public/1-a.webp",
      Buffer.from("img"),
      "image/webp",
    );
    const res = await fetch(`${app.url}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toBe("img");
    const missing = await fetch(`${app.url}/files/product-images/public/nope.webp`);
    expect(missing.status).toBe(404);
    const sneaky = await fetch(`${app.url}/files/..%2f..%2fetc/passwd`);
    expect(sneaky.status).toBe(404);
  });

  it("sets security headers", async () => {
    const res = await fetch(`${app.url}/healthz`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-powered-by")).toBeNull();
  });
});
