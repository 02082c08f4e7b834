import { describe, expect, it } from "vitest";
import { createOrder } from "~/.server/orders/orders";
import { dataUriBytes, readCode } from "~/.server/testing/codes";
import { callRoute, routeContext, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import { type OrderFormValues, orderFormSchema } from "~/lib/order-forms";
import { loader } from "./route";

const app = setupTestApp();

const open = (user: typeof TEST_OPERADOR | null, id: string, doc: string) =>
  callRoute<Awaited<ReturnType<typeof loader>>>(
    loader,
    new Request(`http://localhost/admin/orders/${id}/${doc}`),
    routeContext(app.services, user),
    { id, doc },
  );

const newOrder = () =>
  createOrder(
    { db: app.services.db, bus: app.services.bus },
    orderFormSchema.parse({
      customerName: "Rosa Pérez",
      customerPhone: "+505 8123 9876",
      orderDescription: "Caja con ropa",
      senderName: "Carmen Díaz",
      box: "otro",
      weightLb: "12,5",
      contents: "Ropa usada, 40",
    }) as OrderFormValues,
  );

describe("/admin/orders/:id/recibo and /etiqueta", () => {
  it("are for staff only: a visitor is sent to the login", async () => {
    const o = await newOrder();
    const r = await open(null, o.id, "recibo");
    expect(r.status).toBe(302);
    expect(r.location).toMatch(/^\/admin-login/);
  });

  it("answer 404 for another page name or an order that does not exist", async () => {
    const o = await newOrder();
    expect((await open(TEST_OPERADOR, o.id, "factura")).status).toBe(404);
    expect((await open(TEST_OPERADOR, "00000000-0000-4000-8000-000000000000", "recibo")).status).toBe(404);
    expect((await open(TEST_OPERADOR, "no-es-un-id", "etiqueta")).status).toBe(404);
  });

  it("carry the parcel, the business and codes that read back as the tracking link and number", async () => {
    const o = await newOrder();
    const receipt = await open(TEST_OPERADOR, o.id, "recibo");
    expect(receipt.status).toBe(200);
    const url = `http://localhost/seguimiento?numero=${encodeURIComponent(o.trackingNumber)}`;
    expect(receipt.data).toMatchObject({
      doc: "recibo",
      trackingUrl: url,
      order: { senderName: "Carmen Díaz", destination: "NI", box: "otro", weightLb: 12.5 },
      business: { name: expect.any(String), address: expect.any(String) },
      barcode: null,
    });
    expect(await readCode(dataUriBytes(receipt.data.qr), "qr")).toBe(url);

    const label = await open(TEST_OPERADOR, o.id, "etiqueta");
    expect(await readCode(dataUriBytes(label.data.barcode ?? ""), "code128")).toBe(o.trackingNumber);
    expect(await readCode(dataUriBytes(label.data.qr), "qr")).toBe(url);
  });
});
