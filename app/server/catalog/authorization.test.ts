import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../../routes/admin/panel";
import type { StaffUser } from "../auth/sessions";
import type { DbHandle } from "../db/client";
import { seedDefaults } from "../db/seed";
import type { Services } from "../services";
import { createLocalStorage } from "../storage/local";
import { createTestDb, testLogger } from "../testing/db";
import { createProduct, getProduct, listProducts } from "./products";

let h: DbHandle;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "mm-authz-"));
beforeAll(async () => {
  h = await createTestDb();
  await seedDefaults(h.db);
});
afterAll(async () => {
  await h.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const admin: StaffUser = { id: "1", email: "a@x.com", name: "Admin", role: "admin" };
const operador: StaffUser = { id: "2", email: "o@x.com", name: "Op", role: "operador" };

function context(user: StaffUser | null): AppLoadContext {
  const services = { db: h.db, storage: createLocalStorage(root), logger: testLogger } as unknown as Services;
  return { services, auth: { user, error: null }, requestId: "t", clientIp: "127.0.0.1", flash: null };
}
const post = (fields: Record<string, string>) =>
  new Request("http://localhost/admin", { method: "POST", body: new URLSearchParams(fields) });

type Args = Parameters<typeof action>[0];
/** The status the route answered with, whether it returned or threw. */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const r = (await run()) as { init?: { status?: number } };
    return r.init?.status ?? 200;
  } catch (e) {
    if (e instanceof Response) return e.status;
    return (e as { init?: { status?: number } }).init?.status ?? 0;
  }
}
const callAction = (user: StaffUser | null, fields: Record<string, string>) =>
  statusOf(() => action({ request: post(fields), context: context(user), params: {} } as Args));

describe("only admin may change products (SPEC §6)", () => {
  it("refuses visitors with 401 and operador with 403 for every product intent", async () => {
    const p = await createProduct(h.db, {
      name: "Intocable",
      description: null,
      stockQuantity: 3,
      category: "comida",
      fontFamily: "Inter",
      isOnSale: false,
      saleInfo: null,
      imageUrl: null,
    });
    const attempts: Record<string, string>[] = [
      { intent: "product-save", name: "Intruso", stockQuantity: "1", category: "comida" },
      { intent: "product-save", id: p.id, name: "Cambiado", stockQuantity: "1", category: "comida" },
      { intent: "product-toggle-stock", id: p.id },
      { intent: "product-delete", id: p.id },
    ];
    for (const fields of attempts) {
      expect(await callAction(null, fields)).toBe(401);
      expect(await callAction(operador, fields)).toBe(403);
    }
    expect(await getProduct(h.db, p.id)).toMatchObject({ name: "Intocable", stockQuantity: 3 });
    expect((await listProducts(h.db)).map((x) => x.name)).toEqual(["Intocable"]);

    expect(await callAction(admin, { intent: "product-toggle-stock", id: p.id })).toBe(200);
    expect((await getProduct(h.db, p.id))?.stockQuantity).toBe(0);
    expect(await callAction(admin, { intent: "algo-raro" })).toBe(400);
  });

  it("sends visitors to the login and operador to the chat inbox instead of showing the tab", async () => {
    const get = () => new Request("http://localhost/admin");
    const run = (user: StaffUser | null) =>
      loader({ request: get(), context: context(user), params: {} } as Parameters<typeof loader>[0]);
    await expect(run(null)).rejects.toMatchObject({ status: 302 });
    await expect(run(operador)).rejects.toSatisfy(
      (r: Response) => r.headers.get("Location") === "/admin/chat",
    );
    const data = await run(admin);
    expect(data.products.map((p) => p.name)).toEqual(["Intocable"]);
    expect(data.categories[0]?.value).toBe("ropa");
  });
});
