import { describe, expect, it } from "vitest";
import { orderEvents, orders } from "../db/schema";
import { startConversation } from "../testing/chat";
import { setupTestDatabase } from "../testing/setup";
import { conversationOrders, resolveMention } from "./order-cards";

const h = setupTestDatabase({ bus: true });
const deps = () => ({ db: h.db, bus: h.bus });

type NewOrder = typeof orders.$inferInsert;
async function order(trackingNumber: string, extra: Partial<NewOrder> = {}) {
  const [row] = await h.db
    .insert(orders)
    .values({
      trackingNumber,
      customerName: "Rosa Martínez",
      orderDescription: "Caja a Managua",
      status: "en_local",
      enLocalAt: new Date("2026-03-01T15:00:00Z"),
      createdAt: new Date("2026-03-01T15:00:00Z"),
      ...extra,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error("no order");
  return row.id;
}

describe("orders a conversation names", () => {
  it("links only the numbers and codes of real orders, whatever their case", async () => {
    await order("TRK-2026-KMN234", { customerName: "Rosa" });
    // The same code an earlier year: a code alone means the newest order with it.
    await order("TRK-2025-KMN234", { createdAt: new Date("2025-02-01T12:00:00Z") });
    const found = await conversationOrders(h.db, [
      "Hola, mi pedido es trk-2026-kmn234",
      "o el kmn234, y también el TRK-2025-KMN234",
      "Tengo el PQR789 y el TRK-2026-PQR789, que no existen; Gracias 305777",
    ]);
    expect(found.links).toEqual({
      "TRK-2026-KMN234": "TRK-2026-KMN234",
      KMN234: "TRK-2026-KMN234",
      "TRK-2025-KMN234": "TRK-2025-KMN234",
    });
    expect(found.cards.map((c) => c.trackingNumber)).toEqual(["TRK-2026-KMN234", "TRK-2025-KMN234"]);
    expect(found.made).toEqual([]);
  });

  it("reads O as 0 and I as 1, like the tracking look-up, in a number and in a code", async () => {
    await order("TRK-2024-C0D1E2");
    const found = await conversationOrders(h.db, ["codie2", "TRK-2024-CODIE2, c0d1e2", "TRK-2023-CODIE2"]);
    expect(found.links).toEqual({
      CODIE2: "TRK-2024-C0D1E2",
      "TRK-2024-CODIE2": "TRK-2024-C0D1E2",
      C0D1E2: "TRK-2024-C0D1E2",
    });
  });

  it("prefers the number exactly as written over one read with O for 0", () => {
    const rows = [{ trackingNumber: "TRK-2026-AB0CDE" }, { trackingNumber: "TRK-2026-ABOCDE" }];
    expect(resolveMention("TRK-2026-ABOCDE", rows)).toBe("TRK-2026-ABOCDE");
    expect(resolveMention("TRK-2026-AB0CDE", rows)).toBe("TRK-2026-AB0CDE");
    expect(resolveMention("ABOCDE", rows)).toBe("TRK-2026-AB0CDE");
  });

  it("gives each order's card: status, customer and the newest line of its timeline", async () => {
    const id = await order("TRK-2026-RST567", {
      customerName: "Ana Ruiz",
      status: "enviando",
      enviandoAt: new Date("2026-03-02T15:00:00Z"),
    });
    await h.db.insert(orderEvents).values({
      orderId: id,
      status: null,
      note: "Llegó a Managua",
      place: "Managua",
      at: new Date("2026-03-04T18:30:00Z"),
    });
    await order("TRK-2026-UVW678", {
      status: "enviando",
      enviandoAt: new Date("2026-03-03T10:00:00Z"),
    });
    const { cards } = await conversationOrders(h.db, ["TRK-2026-RST567 y uvw678"]);
    expect(cards).toEqual(
      expect.arrayContaining([
        {
          id,
          trackingNumber: "TRK-2026-RST567",
          status: "enviando",
          customerName: "Ana Ruiz",
          last: { text: "Llegó a Managua · Managua", at: "2026-03-04T18:30:00.000Z" },
        },
        expect.objectContaining({
          trackingNumber: "TRK-2026-UVW678",
          last: { text: "Enviando", at: "2026-03-03T10:00:00.000Z" },
        }),
      ]),
    );
  });

  it("lists the orders made from the conversation, named or not, and no other conversation's", async () => {
    const conv = await startConversation(deps(), "Quiero mandar una caja");
    const other = await startConversation(deps(), "Hola");
    await order("TRK-2026-XYZ789", { sourceClientId: conv.clientId });
    await order("TRK-2026-XYZ790", { sourceClientId: other.clientId });
    const found = await conversationOrders(h.db, ["Quiero mandar una caja"], conv.clientId);
    expect(found).toMatchObject({ links: {}, made: ["TRK-2026-XYZ789"] });
    expect(found.cards.map((c) => c.trackingNumber)).toEqual(["TRK-2026-XYZ789"]);
  });

  it("answers nothing, without asking the database, when nothing is named and no conversation given", async () => {
    expect(await conversationOrders(h.db, ["Hola", "¿Tienen arroz?"])).toEqual({
      links: {},
      cards: [],
      made: [],
    });
  });
});
