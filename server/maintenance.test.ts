import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maintenanceListener } from "./maintenance";

// What the port answers while a start applies a restore (ADR 0029).

const server = http.createServer(maintenanceListener);
let url = "";
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe("the page while a restore runs", () => {
  it("answers every request, /healthz and posts too, with a self-contained Spanish 503 page that reloads itself", async () => {
    for (const [path, method] of [
      ["/", "GET"],
      ["/healthz", "GET"],
      ["/admin/backups", "POST"],
    ] as const) {
      const res = await fetch(url + path, { method });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(res.headers.get("cache-control")).toBe("no-store");
      const html = await res.text();
      expect(html).toContain("<h1>Volvemos en un momento</h1>");
      expect(html).toContain('<meta http-equiv="refresh" content="5">');
      expect(html).not.toMatch(/<script|<link|src=/);
    }
  });
});
