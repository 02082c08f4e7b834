import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactSchema } from "../../lib/chat-forms";
import { type OrderFormValues, orderFormSchema } from "../../lib/order-forms";
import { saveVisitorContact } from "../chat/contact";
import { contactForConversation } from "../contacts/contacts";
import { chatClients, orders } from "../db/schema";
import { newClientId, startConversation } from "../testing/chat";
import { setupTestDatabase } from "../testing/setup";
import { createOrder, listOrders } from "./orders";

const h = setupTestDatabase({ bus: true });
const deps = () => ({ db: h.db, bus: h.bus });
const create = (input: Record<string, string>) =>
  createOrder(deps(), orderFormSchema.parse(input) as OrderFormValues);
const stored = async (id: string) => (await h.db.select().from(orders).where(eq(orders.id, id)))[0] ?? null;

describe("an order made from a chat conversation ('Crear pedido' in the inbox)", () => {
  it("records the conversation, which the staff list then carries", async () => {
    const conv = await startConversation(deps(), "Quiero mandar una caja");
    const order = await create({
      customerName: "Visitante",
      orderDescription: "Caja mediana",
      sourceClientId: conv.clientId,
    });
    expect(order.sourceClientId).toBe(conv.clientId);
    expect((await stored(order.id))?.sourceClientId).toBe(conv.clientId);
    const listed = (await listOrders(h.db, { q: order.trackingNumber })).items;
    expect(listed.map((o) => o.sourceClientId)).toEqual([conv.clientId]);
    // An order made on the orders screen has none.
    const plain = await create({ customerName: "Mostrador", orderDescription: "Caja" });
    expect(plain.sourceClientId).toBeNull();
  });

  it("takes the conversation's contact when the form named none", async () => {
    const conv = await startConversation(deps(), "Necesito enviar algo");
    const details = contactSchema.parse({
      clientId: conv.clientId,
      name: "Ana Ruiz",
      country: "HN",
      phone: "9876 5432",
    });
    await saveVisitorContact(deps(), details, conv.secret);
    const contact = await contactForConversation(h.db, conv.clientId);
    const order = await create({
      customerName: "Ana Ruiz",
      orderDescription: "Caja",
      sourceClientId: conv.clientId,
    });
    expect((await stored(order.id))?.contactId).toBe(contact?.id);
  });

  it("refuses a conversation that does not exist, and makes no order", async () => {
    const before = (await listOrders(h.db)).total;
    await expect(
      create({ customerName: "Nadie", orderDescription: "Caja", sourceClientId: newClientId() }),
    ).rejects.toMatchObject({ kind: "invalid", reason: "conversation" });
    expect((await listOrders(h.db)).total).toBe(before);
  });

  it("refuses what is not a conversation's id before it reaches the database", () => {
    const parsed = orderFormSchema.safeParse({
      customerName: "X",
      orderDescription: "Y",
      sourceClientId: "'; drop table orders; --",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["sourceClientId"],
      message: "Conversación inválida.",
    });
  });

  it("keeps the order when its conversation is deleted, without the link", async () => {
    const conv = await startConversation(deps(), "Hola");
    const order = await create({
      customerName: "Luis",
      orderDescription: "Caja",
      sourceClientId: conv.clientId,
    });
    await h.db.delete(chatClients).where(eq(chatClients.clientId, conv.clientId));
    expect(await stored(order.id)).toMatchObject({ id: order.id, sourceClientId: null });
  });
});
