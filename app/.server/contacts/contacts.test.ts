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
  contactClaim,
  contactConversations,
  contactForConversation,
  contactOrders,
  makeClaimedContact,
  mergeContacts,
  undoableMerges,
  undoMerge,
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

  it("a phone or e-mail that is another contact's is a claim: a contact of its own, never a takeover (third round, finding 2)", async () => {
    const rosa = await makeClaimedContact(deps.db, {
      name: "Rosa Pérez",
      phone: "+50588884321",
      email: "rosa@example.com",
    });
    const rosaConv = await startConversation(deps, "Mi caja llegó?");
    await deps.db
      .update(chatClients)
      .set({ contactId: rosa.id })
      .where(eq(chatClients.clientId, rosaConv.clientId));
    const form = orderFormSchema.parse({
      customerName: "Rosa",
      customerPhone: "+50588884321",
      orderDescription: "Caja",
    });
    const order = await createOrder(deps, form);

    // A stranger types Rosa's phone in a new conversation.
    const impostor = await startConversation(deps, "hola");
    const saved = await saveVisitorContact(
      deps,
      contactSchema.parse({
        clientId: impostor.clientId,
        name: "Impostor",
        country: "NI",
        phone: "8888 4321",
      }),
      impostor.secret,
    );
    // Rosa's contact is unchanged, and the impostor's conversation is not hers.
    expect((await deps.db.select().from(contacts).where(eq(contacts.id, rosa.id)))[0]).toMatchObject({
      name: "Rosa Pérez",
      phone: "+50588884321",
      email: "rosa@example.com",
    });
    const theirs = await contactForConversation(deps.db, impostor.clientId);
    expect(theirs).toMatchObject({ name: "Impostor", phone: null, email: null });
    expect(theirs?.id).not.toBe(rosa.id);
    // Staff see the claim and whose it is, and nothing of hers (no orders, no conversations).
    expect(await contactClaim(deps.db, theirs?.id ?? "")).toEqual({
      phone: "+50588884321",
      email: null,
      match: { ...rosa, same: ["phone"] },
    });
    expect(await contactOrders(deps.db, theirs as NonNullable<typeof theirs>)).toEqual([]);
    expect((await contactConversations(deps.db, theirs?.id ?? "")).map((c) => c.clientId)).toEqual([
      impostor.clientId,
    ]);
    // The key is the impostor's own contact's: a later conversation with it joins that, not Rosa.
    const later = newClientId();
    await visitorSend(deps, { clientId: later, clientMessageId: randomUUID(), message: "otra vez" }, null, {
      ip: "10.8.8.8",
      contactKey: saved.key,
    });
    expect((await contactForConversation(deps.db, later))?.id).toBe(theirs?.id);
    expect((await contactOrders(deps.db, rosa)).map((o) => o.trackingNumber)).toEqual([order.trackingNumber]);
    // Saving the same details again changes nothing.
    await saveVisitorContact(
      deps,
      contactSchema.parse({
        clientId: impostor.clientId,
        name: "Impostor",
        country: "NI",
        phone: "8888 4321",
      }),
      impostor.secret,
    );
    expect((await contactForConversation(deps.db, impostor.clientId))?.id).toBe(theirs?.id);
    await expect(
      makeClaimedContact(deps.db, { name: "Nadie", phone: null, email: null }),
    ).rejects.toMatchObject({ kind: "invalid" });
  });

  it("staff merge a claim into the contact it names with one click, and undo it", async () => {
    const ana = await makeClaimedContact(deps.db, { name: "Ana", phone: "+50577001122", email: null });
    const conv = await startConversation(deps, "soy Ana, desde otro teléfono");
    const saved = await saveVisitorContact(
      deps,
      contactSchema.parse({
        clientId: conv.clientId,
        name: "Ana M.",
        country: "NI",
        phone: "7700 1122",
        email: "ana@example.com",
      }),
      conv.secret,
    );
    const claim = await contactForConversation(deps.db, conv.clientId);
    if (!claim) throw new Error("no contact");
    expect(claim).toMatchObject({ phone: null, email: "ana@example.com" });
    await mergeContacts(deps, ana.id, claim.id);
    expect(await contactForConversation(deps.db, conv.clientId)).toMatchObject({
      id: ana.id,
      name: "Ana",
      phone: "+50577001122",
      email: "ana@example.com",
    });
    // Her browser's key now brings her later conversations to Ana.
    const later = newClientId();
    await visitorSend(deps, { clientId: later, clientMessageId: randomUUID(), message: "hola" }, null, {
      ip: "10.8.8.9",
      contactKey: saved.key,
    });
    expect((await contactForConversation(deps.db, later))?.id).toBe(ana.id);
    const [merge] = await undoableMerges(deps.db, ana.id);
    expect(merge).toMatchObject({ goneName: "Ana M." });
    await undoMerge(deps, merge?.id ?? "");
    expect(await contactForConversation(deps.db, conv.clientId)).toMatchObject({
      id: claim.id,
      name: "Ana M.",
    });
    // A conversation started while they were one stays where it began; the key goes back.
    expect(await contactForConversation(deps.db, later)).toMatchObject({ id: ana.id });
    const after = newClientId();
    await visitorSend(deps, { clientId: after, clientMessageId: randomUUID(), message: "hola" }, null, {
      ip: "10.8.8.10",
      contactKey: saved.key,
    });
    expect(await contactForConversation(deps.db, after)).toMatchObject({ id: claim.id });
    expect((await deps.db.select().from(contacts).where(eq(contacts.id, ana.id)))[0]).toMatchObject({
      phone: "+50577001122",
      email: null,
    });
    expect(await contactClaim(deps.db, claim.id)).toMatchObject({
      phone: "+50577001122",
      match: { id: ana.id },
    });
    expect(await undoableMerges(deps.db, ana.id)).toEqual([]);
    await expect(undoMerge(deps, merge?.id ?? "")).rejects.toMatchObject({ kind: "not_found" });
  });

  it("lists the orders with the contact's phone, with their tracking numbers", async () => {
    const contact = await makeClaimedContact(deps.db, { name: "Marta", phone: "+50577776666", email: null });
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
