import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactSchema } from "../../lib/chat-forms";
import { orderFormSchema } from "../../lib/order-forms";
import { saveVisitorContact } from "../chat/contact";
import { conversationState } from "../chat/messages";
import { setConversationStatus } from "../chat/staff";
import { visitorSend } from "../chat/visitor";
import { chatClients, contacts } from "../db/schema";
import { createOrder } from "../orders/orders";
import { newClientId, startConversation } from "../testing/chat";
import { setupTestDatabase } from "../testing/setup";
import {
  contactConversations,
  contactForConversation,
  contactOrders,
  findOrMakeContact,
  mergeContacts,
  updateContact,
} from "./contacts";

const deps = setupTestDatabase({ bus: true });
const DAY = 24 * 60 * 60_000;

describe("contacts: one person, many conversations (ADR 0020)", () => {
  it("a visitor who left details and comes back a day later is not asked again, and staff see one contact with both conversations", async () => {
    const t0 = new Date(Date.now() - 3 * DAY);
    // Monday: a first conversation, details left ('Para avisarte si te vas').
    const first = await startConversation(deps, "¿Cuánto cuesta la caja grande?");
    const input = contactSchema.parse({
      clientId: first.clientId,
      name: "Rosa Díaz",
      country: "NI",
      phone: "8765 4321",
    });
    const { key } = await saveVisitorContact(deps, input, first.secret, { now: t0 });
    expect((await conversationState(deps.db, first.clientId))?.hasContact).toBe(true);
    await setConversationStatus(deps, first.clientId, "resolved", null, new Date(t0.getTime() + 60_000));
    // Tuesday, same browser: the widget starts a new conversation (the old one was resolved a day
    // ago) and sends the browser's contact key with its first message.
    const clientId = newClientId();
    const second = await visitorSend(
      deps,
      { clientId, clientMessageId: randomUUID(), message: "Hola otra vez" },
      null,
      { ip: "10.9.9.9", now: new Date(t0.getTime() + DAY), contactKey: key },
    );
    expect(second.created).toBe(true);
    // The widget asks only while staff do not know who this is: they do.
    expect((await conversationState(deps.db, clientId))?.hasContact).toBe(true);
    const contact = await contactForConversation(deps.db, clientId);
    expect(contact).toMatchObject({ name: "Rosa Díaz", phone: "+50587654321" });
    expect(await contactForConversation(deps.db, first.clientId)).toEqual(contact);
    const both = await contactConversations(deps.db, contact?.id ?? "");
    expect(both.map((c) => c.clientId).sort()).toEqual([first.clientId, clientId].sort());
    expect(await deps.db.select().from(contacts).where(eq(contacts.phone, "+50587654321"))).toHaveLength(1);
    // A key nobody issued links nothing.
    const stranger = newClientId();
    await visitorSend(deps, { clientId: stranger, clientMessageId: randomUUID(), message: "hola" }, null, {
      ip: "10.9.9.8",
      contactKey: "inventada",
    });
    expect(await contactForConversation(deps.db, stranger)).toBeNull();
  });

  it("finds the contact by phone or e-mail, adding what was missing, never making a second one", async () => {
    const a = await findOrMakeContact(deps.db, { name: "Luis", phone: "+50688887777", email: null });
    const b = await findOrMakeContact(deps.db, {
      name: "Luis R.",
      phone: "+50688887777",
      email: "luis@example.com",
    });
    expect(b.id).toBe(a.id);
    expect(b).toMatchObject({ name: "Luis R.", email: "luis@example.com" });
    const c = await findOrMakeContact(deps.db, { name: "Luis", phone: null, email: "luis@example.com" });
    expect(c.id).toBe(a.id);
    await expect(
      findOrMakeContact(deps.db, { name: "Nadie", phone: null, email: null }),
    ).rejects.toMatchObject({
      kind: "invalid",
    });
  });

  it("lists the orders with the contact's phone, with their tracking numbers", async () => {
    const contact = await findOrMakeContact(deps.db, { name: "Marta", phone: "+50577776666", email: null });
    const form = orderFormSchema.parse({
      customerName: "Marta",
      customerPhone: "7777 6666",
      customerPhoneCountry: "NI",
      orderDescription: "Caja grande a Managua",
    });
    const order = await createOrder(deps, form);
    const orders = await contactOrders(deps.db, contact);
    expect(orders.map((o) => o.trackingNumber)).toEqual([order.trackingNumber]);
    expect(orders[0]).toMatchObject({ status: "en_local", orderDescription: "Caja grande a Managua" });
  });

  it("an order created from a conversation names its contact and shows in that conversation, whatever phone staff typed", async () => {
    const conv = await startConversation(deps, "Quiero mandar una caja a León");
    const details = contactSchema.parse({
      clientId: conv.clientId,
      name: "Lucía Pérez",
      country: "NI",
      phone: "8123 4567",
    });
    await saveVisitorContact(deps, details, conv.secret);
    const contact = await contactForConversation(deps.db, conv.clientId);
    if (!contact) throw new Error("the conversation has no contact");
    // 'Crear pedido' in the side panel: the orders form, with the contact's id beside the fields;
    // staff changed the phone to a relative's, so only contact_id ties the order to Lucía.
    const form = orderFormSchema.parse({
      customerName: contact.name,
      customerPhone: "8999 0000",
      customerPhoneCountry: "NI",
      orderDescription: "Caja mediana a León",
      contactId: contact.id,
    });
    expect(form.contactId).toBe(contact.id);
    const order = await createOrder(deps, form);
    const listed = await contactOrders(deps.db, contact);
    expect(listed.map((o) => o.trackingNumber)).toEqual([order.trackingNumber]);
    expect(listed[0]).toMatchObject({ status: "en_local", orderDescription: "Caja mediana a León" });
    // The orders screen's own form sends no contact: the order names none.
    const plain = orderFormSchema.parse({ customerName: "Otro", orderDescription: "Caja" });
    expect(plain.contactId).toBeNull();
    expect(
      orderFormSchema.safeParse({ customerName: "Otro", orderDescription: "Caja", contactId: "x" }).error
        ?.issues[0]?.message,
    ).toBe("Contacto inválido.");
  });

  it("staff edit a contact and merge two records of one person; a taken number is refused", async () => {
    const one = await startConversation(deps, "uno");
    const two = await startConversation(deps, "dos");
    const p = (clientId: string, name: string, phone: string, email = "") =>
      contactSchema.parse({ clientId, name, country: "US", phone, email });
    await saveVisitorContact(deps, p(one.clientId, "Pedro", "305 555 0101"), one.secret);
    await saveVisitorContact(deps, p(two.clientId, "Pedro G.", "", "pedro@example.com"), two.secret);
    const keep = await contactForConversation(deps.db, one.clientId);
    const gone = await contactForConversation(deps.db, two.clientId);
    if (!keep || !gone) throw new Error("contacts missing");
    expect(keep.id).not.toBe(gone.id);
    await expect(
      updateContact(deps, gone.id, { name: "Pedro G.", phone: "+13055550101", email: "pedro@example.com" }),
    ).rejects.toMatchObject({ kind: "conflict", reason: "contact-phone-taken" });
    const edited = await updateContact(deps, keep.id, {
      name: "Pedro Gómez",
      phone: "+13055550101",
      email: null,
    });
    expect(edited.name).toBe("Pedro Gómez");
    const merged = await mergeContacts(deps, keep.id, gone.id);
    expect(merged).toMatchObject({ name: "Pedro Gómez", phone: "+13055550101", email: "pedro@example.com" });
    expect(await contactForConversation(deps.db, two.clientId)).toMatchObject({ id: keep.id });
    expect(await deps.db.select().from(contacts).where(eq(contacts.id, gone.id))).toHaveLength(0);
    const rows = await deps.db.select().from(chatClients).where(eq(chatClients.contactId, keep.id));
    expect(rows.map((r) => r.clientId).sort()).toEqual([one.clientId, two.clientId].sort());
    await expect(mergeContacts(deps, keep.id, keep.id)).rejects.toMatchObject({ kind: "invalid" });
  });
});
