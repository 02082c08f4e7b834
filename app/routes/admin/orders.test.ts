import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffUser } from "~/server/auth/sessions";
import { listOrders } from "~/server/orders/orders";
import type { Services } from "~/server/services";
import { startTestApp } from "~/server/testing/app";
import { createTestDb } from "~/server/testing/db";
import { action, loader } from "./orders";

type App = Awaited<ReturnType<typeof startTestApp>>;
let app: App;
beforeAll(async () => {
  app = await startTestApp(await createTestDb());
});
afterAll(async () => app.close());

const admin: StaffUser = { id: "a", email: "admin@example.com", name: "Admin", role: "admin" };
const operador: StaffUser = { id: "o", email: "operador@example.com", name: "Op", role: "operador" };
const ctx = (user: StaffUser | null) =>
  ({
    services: app.services as Services,
    auth: { user, error: null },
    requestId: "t",
    clientIp: "127.0.0.1",
    flash: null,
  }) as AppLoadContext;
const post = (fields: Record<string, string>) =>
  new Request("http://localhost/admin/orders", { method: "POST", body: new URLSearchParams(fields) });
// biome-ignore lint/suspicious/noExplicitAny: route args carry generated types we do not need here.
const run = (fn: (args: any) => unknown, request: Request, user: StaffUser | null) =>
  Promise.resolve()
    .then(() => fn({ request, context: ctx(user), params: {} }))
    .catch((e) => e);
const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } })?.init?.status ?? 200);

describe("/admin/orders authorization", () => {
  it("refuses visitors: the page redirects to the login, actions get 401", async () => {
    const page = await run(loader, new Request("http://localhost/admin/orders"), null);
    expect(statusOf(page)).toBe(302);
    const r = await run(action, post({ intent: "create", customerName: "X", orderDescription: "Y" }), null);
    expect(statusOf(r)).toBe(401);
    expect(await listOrders(app.services.db)).toHaveLength(0);
  });

  it("lets an operador and an admin create, change and delete orders", async () => {
    for (const user of [operador, admin]) {
      const created = (await run(
        action,
        post({ intent: "create", customerName: user.name, orderDescription: "Caja" }),
        user,
      )) as {
        ok: boolean;
        toast: { title: string };
      };
      expect(created).toMatchObject({ ok: true, toast: { title: "Pedido Creado" } });
    }
    const [first] = await listOrders(app.services.db);
    const changed = await run(
      action,
      post({ intent: "status", id: first!.id, status: "entregado" }),
      operador,
    );
    expect(changed).toMatchObject({ ok: true, toast: { title: "Estado Actualizado" } });
    const deleted = await run(action, post({ intent: "delete", id: first!.id }), admin);
    expect(deleted).toMatchObject({ ok: true, toast: { title: "Pedido Eliminado" } });
  });

  it("answers bad input with 400 and the spec's messages, never a 500", async () => {
    const missing = await run(action, post({ intent: "create", customerName: "Solo" }), operador);
    expect(statusOf(missing)).toBe(400);
    expect((missing as { data: { toast: unknown } }).data.toast).toMatchObject({
      title: "Campos Requeridos",
      description: "Nombre del cliente y descripción son obligatorios.",
    });
    expect(
      statusOf(
        await run(action, post({ intent: "status", id: "not-a-uuid", status: "entregado" }), operador),
      ),
    ).toBe(400);
    expect(
      statusOf(
        await run(action, post({ intent: "status", id: crypto.randomUUID(), status: "nope" }), operador),
      ),
    ).toBe(400);
    expect(statusOf(await run(action, post({ intent: "delete", id: crypto.randomUUID() }), operador))).toBe(
      404,
    );
    expect(statusOf(await run(action, post({ intent: "hack" }), operador))).toBe(400);
  });
});
