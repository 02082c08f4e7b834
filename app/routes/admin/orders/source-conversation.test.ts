import { describe, expect, it } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { addNote } from "~/.server/chat/staff";
import { orders } from "~/.server/db/schema";
import { makeAgent, newClientId, startConversation } from "~/.server/testing/chat";
import {
  callRoute,
  formPost,
  ownerOf,
  routeContext,
  TEST_ADMIN,
  TEST_OPERADOR,
} from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import type { FormReply } from "~/lib/forms";
import { loader as chatLoader } from "../chat/route";
import { action, loader } from "./route";

const app = setupTestApp();

const post = (user: StaffUser, fields: Record<string, string>) =>
  callRoute<FormReply>(action, formPost("/admin/orders", fields), routeContext(app.services, user));

type OrdersPage = { orders: { trackingNumber: string; sourceClientId: string | null }[]; canChat: boolean };
type Inbox = {
  orders: {
    links: Record<string, string>;
    cards: { trackingNumber: string; status: string; customerName: string }[];
    made: string[];
  } | null;
};

const inbox = async (clientId: string) =>
  (
    await callRoute<Inbox>(
      chatLoader,
      new Request(`http://localhost/admin/chat?c=${clientId}`),
      routeContext(app.services, await ownerOf(app.services.db)),
    )
  ).data;

describe("orders and the chat conversations they come from (issue 41)", () => {
  it("'Crear pedido' from an anonymous conversation records it; the list offers the way back", async () => {
    const deps = { db: app.services.db, bus: app.services.bus };
    const conv = await startConversation(deps, "Hola, quiero mandar una caja");
    const created = await post(TEST_OPERADOR, {
      intent: "create",
      customerName: "Visitante",
      orderDescription: "Caja a León",
      sourceClientId: conv.clientId,
    });
    expect(created.data).toMatchObject({ ok: true, message: { title: "Pedido Creado" } });
    const tracking = String(created.data.message?.description).replace("Número de tracking: ", "");

    const page = await callRoute<OrdersPage>(
      loader,
      new Request(`http://localhost/admin/orders?q=${tracking}`),
      routeContext(app.services, TEST_OPERADOR),
    );
    expect(page.data.canChat).toBe(true);
    expect(page.data.orders).toEqual([
      expect.objectContaining({ trackingNumber: tracking, sourceClientId: conv.clientId }),
    ]);

    // The conversation's side panel lists it although the visitor left no details.
    expect((await inbox(conv.clientId)).orders?.made).toEqual([tracking]);
  });

  it("refuses a conversation that is gone or malformed with 400 and a Spanish message", async () => {
    const gone = await post(TEST_ADMIN, {
      intent: "create",
      customerName: "Nadie",
      orderDescription: "Caja",
      sourceClientId: newClientId(),
    });
    expect(gone.status).toBe(400);
    expect(gone.data).toMatchObject({
      ok: false,
      message: { description: "La conversación de este pedido ya no existe." },
    });
    const bad = await post(TEST_ADMIN, {
      intent: "create",
      customerName: "Nadie",
      orderDescription: "Caja",
      sourceClientId: "no-es-una-conversacion",
    });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error?.sourceClientId).toEqual(["Conversación inválida."]);
  });

  it("the inbox says which numbers and codes in the open conversation are orders, with their cards", async () => {
    const deps = { db: app.services.db, bus: app.services.bus };
    // A number of its own: a random code may be all letters, which a code alone never links.
    const tracking = "TRK-2026-RDZ234";
    const code = "RDZ234";
    await app.services.db
      .insert(orders)
      .values({ trackingNumber: tracking, customerName: "Rosa Díaz", orderDescription: "Caja" });
    const conv = await startConversation(deps, `Hola, mi pedido es ${tracking.toLowerCase()}`);
    // A private note names the code alone (and a code of no order): notes are messages too.
    const agent = await makeAgent(deps);
    await addNote(
      deps,
      conv.clientId,
      agent,
      `Su código ${code.toLowerCase()} va en camino; el ZZ9999 no existe.`,
    );
    const data = await inbox(conv.clientId);
    expect(data.orders?.links).toEqual({ [tracking]: tracking, [code]: tracking });
    expect(data.orders?.cards).toEqual([
      expect.objectContaining({ trackingNumber: tracking, status: "en_local", customerName: "Rosa Díaz" }),
    ]);
  });
});
