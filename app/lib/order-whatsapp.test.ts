import { describe, expect, it } from "vitest";
import { orderFormSchema } from "./order-forms";
import { customerStatusMessage, customerWhatsappUrl, type WhatsappOrder } from "./order-whatsapp";

const LINK = "https://tienda.example/seguimiento?numero=TRK-2026-ABC123";
const order = (more: Partial<WhatsappOrder> = {}): WhatsappOrder => ({
  trackingNumber: "TRK-2026-ABC123",
  customerName: "María López",
  customerPhone: "+50587654321",
  status: "en_reparto",
  enLocalAt: "2026-11-20T15:00:00.000Z",
  enRepartoAt: "2026-11-25T15:00:00.000Z",
  ...more,
});
const textOf = (url: string) => new URL(url).searchParams.get("text");

describe("'Avisar por WhatsApp' links", () => {
  it.each([
    ["US", "(305) 555-0123", "13055550123"],
    ["NI", "8765 4321", "50587654321"],
    ["CR", "8888 7777", "50688887777"],
    ["GT", "5512 3456", "50255123456"],
    ["HN", "9123-4567", "50491234567"],
    ["SV", "7012 3456", "50370123456"],
  ])("opens a chat with a number of %s typed as %s", (country, typed, digits) => {
    // As staff type it in the order form: stored as E.164, then linked by its digits.
    const stored = orderFormSchema.parse({
      customerName: "María López",
      orderDescription: "Caja",
      customerPhone: typed,
      customerPhoneCountry: country,
    }).customerPhone;
    expect(stored).toBe(`+${digits}`);
    const url = customerWhatsappUrl(order({ customerPhone: stored }), LINK);
    expect(url.startsWith(`https://wa.me/${digits}?text=`)).toBe(true);
    expect(textOf(url)).toContain(LINK);
  });

  it("opens WhatsApp without a number for an order without a usable phone", () => {
    for (const customerPhone of [null, "", "8888 7777"]) {
      const url = customerWhatsappUrl(order({ customerPhone }), LINK);
      expect(url.startsWith("https://wa.me/?text=")).toBe(true);
      expect(textOf(url)).toContain("TRK-2026-ABC123");
    }
  });
});

describe("the message for the order's status", () => {
  it("greets by first name and says what the current status means, with the link", () => {
    expect(customerStatusMessage(order(), LINK)).toBe(
      `Hola María, tu pedido TRK-2026-ABC123 va en camino.\nSigue tu pedido aquí: ${LINK}`,
    );
    expect(customerStatusMessage(order({ status: "en_local" }), LINK)).toContain(
      "recibimos tu pedido TRK-2026-ABC123 y lo estamos preparando",
    );
    expect(customerStatusMessage(order({ status: "entregado" }), LINK)).toContain(
      "fue entregado. ¡Gracias por tu compra!",
    );
    expect(customerStatusMessage(order({ status: "cancelado" }), LINK)).toContain("fue cancelado");
  });

  it("says where a parcel abroad is, instead of a courier being assigned", () => {
    const abroad = (status: "enviando" | "en_reparto") =>
      customerStatusMessage(order({ status, destinationName: "Nicaragua" }), LINK);
    expect(abroad("enviando")).toContain(
      "tu paquete TRK-2026-ABC123 salió de nuestro local y va rumbo a Nicaragua.",
    );
    expect(abroad("enviando")).not.toContain("repartidor");
    expect(abroad("en_reparto")).toContain("está en Nicaragua y va camino a la dirección de entrega.");
    // In Miami (no destination abroad) the spec's words stay.
    expect(customerStatusMessage(order({ status: "enviando" }), LINK)).toContain(
      "está listo y estamos asignando un repartidor.",
    );
  });

  it("adds the newest note written since the status was reached", () => {
    const events = [
      { id: "1", status: null, note: "En aduana", place: null, at: "2026-11-22T10:00:00.000Z" },
      { id: "2", status: null, note: "Llegó a Managua", place: "Managua", at: "2026-11-26T10:00:00.000Z" },
    ];
    expect(customerStatusMessage(order({ events }), LINK)).toContain(
      "Última novedad: Llegó a Managua · Managua",
    );
    // A note older than the current status is old news.
    expect(customerStatusMessage(order({ events: events.slice(0, 1) }), LINK)).not.toContain(
      "Última novedad",
    );
  });
});
