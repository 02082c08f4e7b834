import express from "express";
import { describe, expect, it } from "vitest";
import { serveForTests } from "../../test/serve";
import { securityHeaders } from "./security-headers";

// The headers every response carries: exactly those docs/security.md lists (none of helmet's
// other defaults), HSTS only over HTTPS, Secure cookies behind HTTPS, no-store on private pages.
const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");
app.use(securityHeaders());
app.get("/{*splat}", (_req, res) => {
  res.cookie("flash", "x", { httpOnly: true });
  res.json({ ok: true });
});
const url = serveForTests(app);

const BASE = ["connection", "content-length", "content-type", "date", "etag", "keep-alive", "set-cookie"];
const extra = (res: Response) => [...res.headers.keys()].filter((name) => !BASE.includes(name)).sort();

describe("security headers", () => {
  it("over HTTP: nosniff, the referrer policy and SAMEORIGIN, nothing more", async () => {
    const res = await fetch(`${url()}/tienda`);
    expect(extra(res)).toEqual(["referrer-policy", "x-content-type-options", "x-frame-options"]);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("set-cookie")).not.toMatch(/;\s*Secure/i);
  });

  it("over HTTPS (a trusted proxy says so): HSTS for a year and Secure cookies", async () => {
    const res = await fetch(`${url()}/tienda`, { headers: { "x-forwarded-proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(res.headers.get("set-cookie")).toMatch(/;\s*Secure$/);
  });

  it("no-store on staff pages and tracking results, whatever the handler set", async () => {
    expect((await fetch(`${url()}/admin/orders`)).headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${url()}/seguimiento?numero=X`)).headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${url()}/tienda`)).headers.get("cache-control")).toBeNull();
  });
});
