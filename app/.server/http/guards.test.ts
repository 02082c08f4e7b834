import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { can } from "../../lib/permissions";
import type { StaffUser } from "../auth/sessions";
import { requirePermission, requireStaff } from "./guards";
import { readForm } from "./intents";

const admin: StaffUser = { id: "1", email: "a@x.com", name: "A", role: "admin" };
const operador: StaffUser = { id: "2", email: "o@x.com", name: "O", role: "operador" };
const ctx = (user: StaffUser | null, error: Error | null = null) =>
  ({ auth: { user, error } }) as AppLoadContext;
const req = (method: string, path = "/admin/content?tab=1") =>
  new Request(`http://localhost${path}`, { method });

/** What a guard threw: a redirect (location, cookie) or a refusal (status). */
async function thrown(fn: () => unknown): Promise<{
  status: number;
  location?: string | null;
  cookie?: string | null;
  data?: unknown;
}> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof Response) {
      return { status: e.status, location: e.headers.get("Location"), cookie: e.headers.get("Set-Cookie") };
    }
    const d = e as { init?: { status?: number }; data?: unknown };
    return { status: d.init?.status ?? 0, data: d.data };
  }
  throw new Error("guard did not throw");
}

describe("requireStaff", () => {
  it("sends a visitor's page request to the login, remembering the path", async () => {
    expect(await thrown(() => requireStaff(req("GET"), ctx(null)))).toMatchObject({
      status: 302,
      location: "/admin-login?redirectTo=%2Fadmin%2Fcontent%3Ftab%3D1",
    });
  });

  it("refuses a visitor's post with 401", async () => {
    expect(await thrown(() => requireStaff(req("POST"), ctx(null)))).toMatchObject({ status: 401 });
  });

  it("answers 503, not a login redirect, when the session cannot be read", async () => {
    expect(await thrown(() => requireStaff(req("GET"), ctx(null, new Error("db down"))))).toMatchObject({
      status: 503,
    });
  });

  it("returns the signed-in user", () => {
    expect(requireStaff(req("GET"), ctx(operador))).toBe(operador);
  });
});

describe("requirePermission", () => {
  it("redirects a page request from the wrong role to /admin with the 'unauthorized' flash", async () => {
    const r = await thrown(() => requirePermission(req("GET"), ctx(operador), "content:manage"));
    expect(r.status).toBe(302);
    expect(r.location).toBe("/admin");
    expect(r.cookie).toMatch(/^mm_flash=[^;]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it("refuses any other method from the wrong role with 403, whatever the UI showed", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(
        await thrown(() => requirePermission(req(method), ctx(operador), "products:manage")),
      ).toMatchObject({
        status: 403,
      });
    }
  });

  it("lets the allowed roles through", async () => {
    expect(await requirePermission(req("POST"), ctx(admin), "products:manage")).toBe(admin);
    expect(await requirePermission(req("POST"), ctx(operador), "orders:manage")).toBe(operador);
  });

  it("follows the one permissions table: operador runs orders and chat, admin everything", () => {
    for (const p of ["orders:manage", "chat:reply", "chat:manage"] as const) {
      expect(can(operador, p)).toBe(true);
      expect(can(admin, p)).toBe(true);
    }
    for (const p of ["panel:view", "products:manage", "content:manage", "users:view"] as const) {
      expect(can(operador, p)).toBe(false);
      expect(can(admin, p)).toBe(true);
    }
    expect(can(null, "chat:manage")).toBe(false);
  });
});

describe("readForm", () => {
  it("turns a body that is not a form into a clear 400", async () => {
    const bad = new Request("http://localhost/x", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    await expect(readForm(bad)).rejects.toMatchObject({ init: { status: 400 } });
  });
});
