import { describe, expect, it } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { saveVisitorContact } from "~/.server/chat/contact";
import { contactForConversation } from "~/.server/contacts/contacts";
import { listOrders } from "~/.server/orders/orders";
import { startConversation } from "~/.server/testing/chat";
import {
  callRoute,
  formPost,
  ownerOf,
  routeContext,
  TEST_ADMIN,
  TEST_OPERADOR,
} from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import { contactSchema } from "~/lib/chat-forms";
import type { FormReply } from "~/lib/forms";
import { loader as chatLoader } from "../chat/route";
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

describe("/admin/orders timeline events", () => {
  it("adds a note and a place, with or without a status change, and removes one", async () => {
    await post(TEST_OPERADOR, { intent: "create", customerName: "Eva", orderDescription: "Caja" });
    const [order] = (await listOrders(app.services.db)).items;
    const id = order?.id ?? "";
    const empty = await post(TEST_OPERADOR, { intent: "event", id, note: " ", place: "" });
    expect(empty.status).toBe(400);
    expect(empty.data.result.error?.note).toEqual(["Escribe una nota o un lugar."]);
    const note = await post(TEST_OPERADOR, {
      intent: "event",
      id,
      note: "En aduana",
      place: "Peñas Blancas",
    });
    expect(note.data.message).toMatchObject({
      title: "Novedad Agregada",
      description: `${order?.trackingNumber}: En aduana · Peñas Blancas`,
    });
    const moved = await post(TEST_OPERADOR, {
      intent: "event",
      id,
      status: "en_reparto",
      note: "Salió a ruta",
    });
    expect(moved.data.message).toMatchObject({ title: "Estado Actualizado" });
    const [after] = (await listOrders(app.services.db)).items;
    expect(after?.status).toBe("en_reparto");
    expect(after?.events.map((e) => [e.status, e.note, e.place])).toEqual([
      [null, "En aduana", "Peñas Blancas"],
      ["en_reparto", "Salió a ruta", null],
    ]);
    const eventId = after?.events[0]?.id ?? "";
    const removed = await post(TEST_OPERADOR, { intent: "event-delete", id, eventId });
    expect(removed.data.message).toMatchObject({ title: "Novedad Eliminada" });
    const again = await post(TEST_OPERADOR, { intent: "event-delete", id, eventId });
    expect(again.status).toBe(404);
    expect(again.data.message).toMatchObject({ description: "La novedad ya no existe." });
    const long = await post(TEST_OPERADOR, { intent: "event", id, note: "x".repeat(201) });
    expect(long.status).toBe(400);
  });
});

describe("/admin/orders tracking settings", () => {
  const settings = (user: StaffUser, fields: Record<string, string>) =>
    post(user, { intent: "settings", ...fields });

  it("are for admins only, and the loader shows them only to admins", async () => {
    const r = await settings(TEST_OPERADOR, { showDeliveryDetails: "on" });
    expect(r.status).toBe(403);
    const page = (user: StaffUser) =>
      callRoute<{ settings: unknown }>(
        loader,
        new Request("http://localhost/admin/orders"),
        routeContext(app.services, user),
      );
    expect((await page(TEST_OPERADOR)).data.settings).toBeNull();
    expect((await page(TEST_ADMIN)).data.settings).toMatchObject({
      showDeliveryDetails: false,
      transitDays: { NI: { min: 10, max: 14 } },
    });
  });

  it("save the switch and the transit days, refusing a range that does not read", async () => {
    const bad = await settings(TEST_ADMIN, {
      "transit.NI.min": "10",
      "transit.NI.max": "4",
      "transit.CR.min": "3",
    });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error).toMatchObject({
      "transit.NI.max": ["El máximo no puede ser menor que el mínimo."],
      "transit.CR.max": ["Escribe los dos números."],
    });
    const ok = await settings(TEST_ADMIN, {
      showDeliveryDetails: "on",
      "transit.NI.min": "8",
      "transit.NI.max": "12",
      "transit.CR.min": "12",
      "transit.CR.max": "16",
      // One status ticked for e-mail notices, and notes left off (issue 40).
      mailStatuses: "entregado",
    });
    expect(ok.data).toMatchObject({ ok: true, message: { title: "Ajustes Guardados" } });
    const { readOrderSettings } = await import("~/.server/orders/settings");
    expect(await readOrderSettings(app.services.db)).toEqual({
      showDeliveryDetails: true,
      transitDays: {
        US: null,
        NI: { min: 8, max: 12 },
        CR: { min: 12, max: 16 },
        GT: null,
        HN: null,
        SV: null,
        PA: null,
      },
      mailStatuses: ["entregado"],
      mailEvents: false,
    });
  });
});

describe("/admin/orders from a chat conversation", () => {
  it("links the new order to the conversation's contact, which the chat's side panel then lists", async () => {
    const deps = { db: app.services.db, bus: app.services.bus };
    const conv = await startConversation(deps, "Necesito enviar una caja");
    const details = contactSchema.parse({
      clientId: conv.clientId,
      name: "Ana Ruiz",
      country: "HN",
      phone: "9876 5432",
    });
    await saveVisitorContact(deps, details, conv.secret);
    const contact = await contactForConversation(app.services.db, conv.clientId);
    const fields = {
      intent: "create",
      customerName: "Ana Ruiz",
      customerPhone: "9876 5432",
      customerPhoneCountry: "HN",
      orderDescription: "Caja a Tegucigalpa",
      contactId: contact?.id ?? "",
    };
    // A dangling contact is refused in Spanish, not with a 500.
    const dangling = await post(TEST_OPERADOR, {
      ...fields,
      contactId: "00000000-0000-4000-8000-000000000999",
    });
    expect(dangling.status).toBe(400);
    expect(dangling.data).toMatchObject({ ok: false, message: { description: "Datos inválidos." } });
    const created = await post(TEST_OPERADOR, fields);
    expect(created.data).toMatchObject({ ok: true, message: { title: "Pedido Creado" } });
    const inbox = await callRoute<{ contact: { orders: { trackingNumber: string; status: string }[] } }>(
      chatLoader,
      new Request(`http://localhost/admin/chat?c=${conv.clientId}`),
      routeContext(app.services, await ownerOf(app.services.db)),
    );
    const [order] = inbox.data.contact.orders;
    expect(created.data.message?.description).toBe(`Número de tracking: ${order?.trackingNumber}`);
    expect(order?.status).toBe("en_local");
  });
});
