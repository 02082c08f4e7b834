import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_FORM_BYTES, UPLOAD_ROUTES, UPLOAD_RULES, uploadBodyBytes } from "../../lib/uploads";
import { attemptLogin } from "../auth/login";
import { RESTORE_UPLOAD_MAX_BYTES } from "../backup/upload-limit";
import { sessionCookieHeader } from "../testing/routes";
import { setupTestApp } from "../testing/setup";

const app = setupTestApp({ MAX_BODY_KB: "16" });
let cookie = "";

beforeAll(async () => {
  const r = await attemptLogin(
    app.services.db,
    { email: "admin@example.com", password: "admin-pass-123", ip: "127.0.0.1" },
    { maxFailures: 5, windowMinutes: 15, session: { ttlHours: 1, maxDays: 30 } },
  );
  cookie = await sessionCookieHeader(r.token);
});

/** The status of a POST that announces `bytes` of body and sends none: the limit answers from the length. */
function announce(path: string, bytes: number, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${app.url}${path}`, {
      method: "POST",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(bytes),
        ...headers,
      },
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}

const MB = 1024 * 1024;

describe("body limits of the routes that take a picture (UPLOAD_ROUTES)", () => {
  for (const [path, route] of Object.entries(UPLOAD_ROUTES)) {
    const limit = uploadBodyBytes(route);

    it(`${path} takes its largest picture (${route.kinds.join(", ")}) with the form around it, not a byte more`, async () => {
      const largest = Math.max(...route.kinds.map((k) => UPLOAD_RULES[k].maxBytes));
      expect(limit).toBeGreaterThan(largest);
      const headers: Record<string, string> = route.who === "staff" ? { cookie } : {};
      expect(await announce(path, limit, headers)).not.toBe(413);
      expect(await announce(`${path}.data`, limit, headers)).not.toBe(413);
      expect(await announce(path, limit + 1, headers)).toBe(413);
    });

    if (route.who === "staff") {
      it(`${path} keeps MAX_BODY_KB for a request without a staff session`, async () => {
        expect(await announce(path, 16 * 1024)).not.toBe(413);
        expect(await announce(path, 16 * 1024 + 1)).toBe(413);
        expect(await announce(path, 2 * MB, { cookie: "mm_session=made-up" })).toBe(413);
      });
    }
  }

  it("lets staff send a phone's 10 MB photo, as a customer photo or a hero image, to /admin/uploads (third round, finding 8; issue 42)", async () => {
    expect(UPLOAD_RULES.customer.maxBytes).toBe(10 * MB);
    expect(await announce("/admin/uploads", 2 * MB + 4096, { cookie })).not.toBe(413);
    expect(await announce("/admin/uploads", 10 * MB + 4096, { cookie })).not.toBe(413);
  });

  it("lets an admin send a backup archive of up to 512 MB to restore on /admin/backups, nobody else (ADR 0029)", async () => {
    const limit = RESTORE_UPLOAD_MAX_BYTES + UPLOAD_FORM_BYTES;
    expect(await announce("/admin/backups", 20 * MB, { cookie })).not.toBe(413);
    expect(await announce("/admin/backups.data", limit, { cookie })).not.toBe(413);
    expect(await announce("/admin/backups", limit + 1, { cookie })).toBe(413);
    expect(await announce("/admin/backups", 16 * 1024 + 1)).toBe(413);
    expect(await announce("/admin/backups", 16 * 1024 + 1, { cookie: "mm_session=made-up" })).toBe(413);
  });

  it("keeps MAX_BODY_KB on every other route, signed in or not", async () => {
    expect(await announce("/admin/hero-images", 16 * 1024 + 1, { cookie })).toBe(413);
    expect(await announce("/admin/orders", 16 * 1024 + 1, { cookie })).toBe(413);
    expect(await announce("/contact", 16 * 1024 + 1)).toBe(413);
  });
});
