import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { parseOpenFilesLimit } from "../events/fd-budget";
import { scrubError, scrubText } from "../logger";
import { redactSecrets } from "./access-log";
import { isValidHost } from "./edge";
import { formHasBadText, hasBadText, isBadUrl } from "./input-text";
import { publicOrigin } from "./public-origin";
import { isPrivatePath } from "./security-headers";

// The pure rules of the HTTP edge; tests/security/ replays them against the running site.

describe("what the edge lets through", () => {
  it("accepts host names, addresses and ports, refuses anything else as Host", () => {
    for (const ok of [
      "localhost",
      "localhost:3000",
      "minimarket.example",
      "10.0.0.1:8080",
      "[::1]:3000",
      "web_1",
    ]) {
      expect(isValidHost(ok), ok).toBe(true);
    }
    for (const bad of [
      "evil example",
      "a@evil.example",
      "evil.example/x",
      "[::1",
      "evil.example:99999x",
      "",
    ]) {
      expect(isValidHost(bad), bad).toBe(false);
    }
  });

  it("refuses NUL anywhere in a URL and a path that cannot be decoded", () => {
    expect(isBadUrl("/tienda?q=a%00b")).toBe(true);
    expect(isBadUrl("/tienda%00")).toBe(true);
    expect(isBadUrl("/tienda%E0%A4%A")).toBe(true);
    expect(isBadUrl("/tienda?q=%E0%A4%A")).toBe(false); // a query decodes leniently
    expect(isBadUrl("/tienda?q=caf%C3%A9&categoria=comida")).toBe(false);
  });

  it("finds NUL and lone surrogates in JSON values and keys and in forms, not in real text", () => {
    expect(hasBadText({ a: ["ok", { b: "x\u0000" }] })).toBe(true);
    expect(hasBadText({ "k\uD800": 1 })).toBe(true);
    expect(hasBadText({ message: "🛒 أهلاً\u200B <b>" })).toBe(false);
    const form = new FormData();
    form.set("name", "Ana");
    expect(formHasBadText(form)).toBe(false);
    form.set("file", new Blob(["x"]), "foto\u0000.png");
    expect(formHasBadText(form)).toBe(true);
  });
});

describe("absolute links", () => {
  const req = (host: string | undefined, protocol = "http") =>
    ({ get: (h: string) => (h.toLowerCase() === "host" ? host : undefined), protocol }) as unknown as Request;

  it("use PUBLIC_URL when set, else the request's host only when it is a plain host name", () => {
    expect(publicOrigin("https://minimarket.example", req("evil.example"))).toBe(
      "https://minimarket.example",
    );
    expect(publicOrigin(undefined, req("Tienda.Example:3000", "https"))).toBe("https://tienda.example:3000");
    expect(publicOrigin(undefined, req("[::1]:3000"))).toBe("http://localhost");
    expect(publicOrigin(undefined, req(undefined))).toBe("http://localhost");
  });
});

describe("caching and logs", () => {
  it("marks staff pages, their data requests and tracking results as private", () => {
    expect(isPrivatePath("/admin", {})).toBe(true);
    expect(isPrivatePath("/admin/orders.data", {})).toBe(true);
    expect(isPrivatePath("/admin-login", {})).toBe(true);
    expect(isPrivatePath("/seguimiento", { numero: "TRK-2026-ABCDEF" })).toBe(true);
    expect(isPrivatePath("/seguimiento.data", { numero: "TRK-2026-ABCDEF" })).toBe(true);
    expect(isPrivatePath("/seguimiento", {})).toBe(false);
    expect(isPrivatePath("/tienda", { q: "x" })).toBe(false);
    expect(isPrivatePath("/administrar", {})).toBe(false);
  });

  it("keep secrets and tracking numbers out of the access log", () => {
    expect(redactSecrets("/events/chat/session_1_abc?secret=s3cr3t&lastEventId=4")).toBe(
      "/events/chat/session_1_abc?secret=***&lastEventId=4",
    );
    expect(redactSecrets("/seguimiento?numero=TRK-2026-ABCDEF")).toBe("/seguimiento?numero=***");
    expect(redactSecrets("/events/track/TRK-2026-ABCDEF?lastEventId=3")).toBe(
      "/events/track/***?lastEventId=3",
    );
    // Staff searches (a phone, a name) and any other query value a person typed stay out too.
    expect(redactSecrets("/admin/orders?q=%2B50588881234&estado=pendiente&page=2")).toBe(
      "/admin/orders?q=***&estado=pendiente&page=2",
    );
    expect(redactSecrets("/admin/chat?q=Mar%C3%ADa")).toBe("/admin/chat?q=***");
  });

  it("log a failed query without its values", () => {
    const logged = scrubError({
      type: "DrizzleQueryError",
      message: 'Failed query: select "id" from "orders" where "customer_name" = $1\nparams: Ana Pérez',
      params: ["Ana Pérez"],
      cause: {
        message: 'invalid input syntax for type uuid: "ana@example.com"',
        detail: "Key (email)=(ana@example.com)",
      },
    });
    expect(JSON.stringify(logged)).not.toMatch(/Ana Pérez|ana@example\.com/);
    expect(JSON.stringify(logged)).toContain('select \\"id\\" from \\"orders\\"');
    expect(scrubText('duplicate key value violates unique constraint "staff_users_email_key"')).toContain(
      "staff_users_email_key",
    );
  });
});

describe("file descriptor budget", () => {
  it("reads the soft limit on open files from /proc/self/limits", () => {
    const limits = [
      "Limit                     Soft Limit           Hard Limit           Units",
      "Max open files            20000                20000                files",
    ].join("\n");
    expect(parseOpenFilesLimit(limits)).toBe(20000);
    expect(
      parseOpenFilesLimit("Max open files            unlimited            unlimited            files"),
    ).toBeNull();
  });
});
