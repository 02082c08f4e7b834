import { describe, expect, it } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { listOrders } from "~/.server/orders/orders";
import { callRoute, formPost, routeContext, TEST_ADMIN, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import type { FormReply } from "~/lib/forms";
import { action, loader } from "./route";

const app = setupTestApp();

const post = (user: StaffUser | null, fields: Record<string, string>) =>
  callRoute<FormReply>(action, formPost("/admin/orders", fields), routeContext(app.services, user));

describe("/admin/orders authorization", () => {
  it("refuses visitors: the page redirects to the login, actions get 401", async () => {
    const page = await callRoute(
      loader,
      new Request("http://localhost/admin/orders"),
      routeContext(app.services, null),
    );
    expect(page.status).toBe(302);
    const r = await post(null, { intent: "create", customerName: "X", orderDescription: "Y" });
    expect(r.status).toBe(401);
    expect((await listOrders(app.services.db)).items).toHaveLength(0);
  });

  it("lets an operador and an admin create, change and delete orders", async () => {
    for (const user of [TEST_OPERADOR, TEST_ADMIN]) {
      const created = await post(user, {
        intent: "create",
        customerName: user.name,
        orderDescription: "Caja",
      });
      expect(created).toMatchObject({ status: 200, data: { ok: true, message: { title: "Pedido Creado" } } });
    }
    const [first] = (await listOrders(app.services.db)).items;
    const changed = await post(TEST_OPERADOR, { intent: "status", id: first?.id ?? "", status: "entregado" });
    expect(changed.data).toMatchObject({ ok: true, message: { title: "Estado Actualizado" } });
    const deleted = await post(TEST_ADMIN, { intent: "delete", id: first?.id ?? "" });
    expect(deleted.data).toMatchObject({ ok: true, message: { title: "Pedido Eliminado" } });
  });
});

describe("/admin/orders answers", () => {
  it("names each missing field next to it, with the spec's 'Campos Requeridos' toast, and keeps what was typed", async () => {
    const r = await post(TEST_OPERADOR, {
      intent: "create",
      customerName: "Solo",
      customerPhone: "+505 8888",
    });
    expect(r.status).toBe(400);
    expect(r.data).toMatchObject({
      ok: false,
      message: {
        title: "Campos Requeridos",
        description: "Nombre del cliente y descripción son obligatorios.",
      },
      result: {
        status: "error",
        error: { orderDescription: ["La descripción es obligatoria."] },
        initialValue: { customerName: "Solo", customerPhone: "+505 8888" },
      },
    });
    expect(r.data.result.error?.customerName).toBeUndefined();
  });

  it("answers bad ids, statuses and intents with 400, a missing order with 404, never a 500", async () => {
    const statuses = [
      (await post(TEST_OPERADOR, { intent: "status", id: "not-a-uuid", status: "entregado" })).status,
      (await post(TEST_OPERADOR, { intent: "status", id: crypto.randomUUID(), status: "nope" })).status,
      (await post(TEST_OPERADOR, { intent: "delete", id: crypto.randomUUID() })).status,
      (await post(TEST_OPERADOR, { intent: "courier-delete", id: crypto.randomUUID() })).status,
      (await post(TEST_OPERADOR, { intent: "hack" })).status,
    ];
    expect(statuses).toEqual([400, 400, 404, 404, 400]);
    const gone = await post(TEST_OPERADOR, { intent: "delete", id: crypto.randomUUID() });
    expect(gone.data.message).toMatchObject({ title: "Error", description: "Pedido no encontrado." });
  });

  it("refuses a courier that does not exist with 400 instead of failing in the database", async () => {
    const created = await post(TEST_ADMIN, {
      intent: "create",
      customerName: "Rosa",
      orderDescription: "Caja",
    });
    expect(created.status).toBe(200);
    const [order] = (await listOrders(app.services.db)).items;
    const r = await post(TEST_ADMIN, {
      intent: "update",
      id: order?.id ?? "",
      customerName: "Rosa",
      orderDescription: "Caja",
      status: "en_reparto",
      deliveryPersonId: crypto.randomUUID(),
    });
    expect(r.status).toBe(400);
    expect(r.data.message).toMatchObject({ description: "Datos inválidos." });
  });
});

describe("/admin/orders customer phone (libphonenumber-js, app/lib/phone.ts)", () => {
  const create = (customerPhone: string, customerPhoneCountry?: string) =>
    post(TEST_OPERADOR, {
      intent: "create",
      customerName: "Cliente",
      orderDescription: "Caja",
      customerPhone,
      ...(customerPhoneCountry ? { customerPhoneCountry } : {}),
    });
  const storedPhone = async () => (await listOrders(app.services.db)).items[0]?.customerPhone;

  it.each([
    ["Managua 8765 4321", "NI", "+50587654321"],
    ["8888 7777", "CR", "+50688887777"],
    ["5512 3456", "GT", "+50255123456"],
    ["9123-4567", "HN", "+50491234567"],
    ["7012 3456", "SV", "+50370123456"],
    ["6123-4567", "PA", "+50761234567"],
    ["(305) 555-0123", "US", "+13055550123"],
    ["(305) 555-0123", undefined, "+13055550123"],
    ["+506 8888 7777", "NI", "+50688887777"],
  ])("stores %s read in %s as %s", async (typed, country, e164) => {
    const r = await create(typed, country);
    expect(r.data).toMatchObject({ ok: true });
    expect(await storedPhone()).toBe(e164);
  });

  it("refuses a number that is not valid in the chosen country, keeping what was typed", async () => {
    const before = (await listOrders(app.services.db)).total;
    const r = await create("8765 4321", "US");
    expect(r.status).toBe(400);
    expect(r.data.result.error?.customerPhone?.[0]).toMatch(/^Número de teléfono inválido/);
    expect(r.data.result.initialValue).toMatchObject({
      customerPhone: "8765 4321",
      customerPhoneCountry: "US",
    });
    expect((await create("8765 4321", "XX")).status).toBe(400);
    expect((await listOrders(app.services.db)).total).toBe(before);
  });

  it("keeps orders without a phone", async () => {
    expect((await create("")).data).toMatchObject({ ok: true });
    expect(await storedPhone()).toBeNull();
  });
});
