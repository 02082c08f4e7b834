import { describe, expect, it } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { createOrder } from "~/.server/orders/orders";
import { callRoute, formPost, routeContext, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import { toZonedInput } from "~/lib/dates";
import type { FormReply } from "~/lib/forms";
import { type OrderFormValues, orderFormSchema } from "~/lib/order-forms";
import { action as listAction, loader as listLoader } from "./route";
import { action, loader } from "./shipment";

// 'Embarques' (issue 39) through its routes: who may use it, what a refusal says, where a new one goes.
const app = setupTestApp();
const ctx = (user: StaffUser | null = TEST_OPERADOR) => routeContext(app.services, user);

const create = async (reference: string) => {
  const made = await callRoute(
    listAction,
    formPost("/admin/embarques", { intent: "shipment-create", reference, destination: "NI" }),
    ctx(),
  );
  expect(made.status).toBe(302);
  const id = /\/admin\/embarques\/([0-9a-f-]{36})$/.exec(made.location ?? "")?.[1];
  expect(id).toBeDefined();
  return id as string;
};
const send = (id: string, fields: Record<string, string>, user?: StaffUser | null) =>
  callRoute<FormReply>(action, formPost(`/admin/embarques/${id}`, { id, ...fields }), ctx(user), { id });
const parcel = (name: string) =>
  createOrder(
    { db: app.services.db, bus: app.services.bus },
    orderFormSchema.parse({ customerName: name, orderDescription: "Caja" }) as OrderFormValues,
  );

describe("/admin/embarques", () => {
  it("lets an operador make a shipment, which opens on its own page", async () => {
    const id = await create("Contenedor 70");
    const list = await callRoute<{ shipments: { id: string }[] }>(
      listLoader,
      new Request("http://localhost/admin/embarques"),
      ctx(),
    );
    expect(list.data.shipments.map((s) => s.id)).toContain(id);
    const page = await callRoute<{ shipment: { reference: string; destinationName: string } }>(
      loader,
      new Request(`http://localhost/admin/embarques/${id}`),
      ctx(),
      { id },
    );
    expect(page.data.shipment).toMatchObject({ reference: "Contenedor 70", destinationName: "Nicaragua" });
  });

  it("answers 404 for a shipment that does not exist, and turns a visitor away", async () => {
    const gone = await callRoute(
      loader,
      new Request("http://localhost/admin/embarques/7d5c1c1e-2f63-4e0e-9d2b-6c1f0b8a9e01"),
      ctx(),
      { id: "7d5c1c1e-2f63-4e0e-9d2b-6c1f0b8a9e01" },
    );
    expect(gone.status).toBe(404);
    const bad = await callRoute(loader, new Request("http://localhost/admin/embarques/x"), ctx(), {
      id: "x",
    });
    expect(bad.status).toBe(404);
    const visitor = await callRoute(listLoader, new Request("http://localhost/admin/embarques"), ctx(null));
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/admin-login/);
    const post = await send(
      "7d5c1c1e-2f63-4e0e-9d2b-6c1f0b8a9e01",
      { intent: "shipment-add", numbers: "X" },
      null,
    );
    expect(post.status).toBe(401);
  });

  it("says which number it could not find, by the field, and keeps what was typed", async () => {
    const id = await create("Contenedor 71");
    const refused = await send(id, { intent: "shipment-add", numbers: "TRK-2026-NOPE00" });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error?.numbers?.[0]).toBe(
      "No hay ningún pedido con el número TRK-2026-NOPE00.",
    );
    expect(refused.data.result.initialValue).toMatchObject({ numbers: "TRK-2026-NOPE00" });
    const empty = await send(id, { intent: "shipment-add", numbers: "  " });
    expect(empty.status).toBe(400);
    expect(empty.data.result.error?.numbers?.[0]).toBe("Escribe o escanea un número de tracking.");
  });

  it("adds scanned parcels and gives them one event, in words staff read", async () => {
    const id = await create("Contenedor 72");
    const [a, b] = [await parcel("Ana"), await parcel("Beto")];
    const added = await send(id, {
      intent: "shipment-add",
      numbers: `${a.trackingNumber} ${b.trackingNumber}`,
    });
    expect(added.data).toMatchObject({ ok: true, message: { title: "Paquetes Añadidos" } });
    expect(added.data.message?.description).toContain("2 paquetes añadidos");
    const at = toZonedInput(new Date(), app.services.config.TIME_ZONE);
    const event = await send(id, {
      intent: "shipment-event",
      note: "Salió de Miami",
      status: "enviando",
      at,
    });
    expect(event.data.message?.description).toBe("2 paquetes de Contenedor 72: Enviando · Salió de Miami.");
    const future = await send(id, {
      intent: "shipment-event",
      note: "Salió",
      at: toZonedInput(Date.now() + 86_400_000, app.services.config.TIME_ZONE),
    });
    expect(future.status).toBe(400);
    expect(future.data.result.error?.at?.[0]).toBe("La fecha y hora no pueden ser futuras.");
  });
});
