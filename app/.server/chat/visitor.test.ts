import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatRefusal, MAX_MESSAGE_LENGTH, TEXTS, visitorSendSchema } from "../../lib/chat";
import { chatTopic, TOPICS } from "../../lib/events";
import { chatClients, chatMessages } from "../db/schema";
import { DomainError, InvalidInputError } from "../errors";
import type { BusEvent } from "../events/bus";
import { newClientId, startConversation } from "../testing/chat";
import { setupTestDatabase } from "../testing/setup";
import { checkAccess, DEFAULT_VISITOR_LIMITS, visitorSend, visitorSnapshot } from "./visitor";

const deps = setupTestDatabase({ bus: true });

const send = (
  clientId: string,
  message: string,
  secret: string | null,
  clientMessageId = randomUUID(),
  ip = "1.1.1.1",
) => {
  // As POST /api/chat/messages does: the body through its schema, then the domain.
  const parsed = visitorSendSchema.safeParse({ clientId, clientMessageId, message });
  if (!parsed.success) return Promise.reject(new InvalidInputError(parsed.error.issues[0]?.message ?? ""));
  return visitorSend(deps, parsed.data, secret, { ip });
};

async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof DomainError) return { status: e.status, message: chatRefusal(e) ?? e.reason };
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("visitor conversations", () => {
  it("creates no conversation until the first message, then starts it open with a secret", async () => {
    const clientId = newClientId();
    expect(await checkAccess(deps.db, clientId, null)).toBe("not_found");
    const r = await send(clientId, "  Hola  ", null);
    expect(r.created).toBe(true);
    expect(r.secret).toMatch(/^[\w-]{40,}$/);
    expect(r.message).toMatchObject({ sender: "client", message: "Hola", clientId });
    const [row] = await deps.db.select().from(chatClients).where(eq(chatClients.clientId, clientId));
    expect(row).toMatchObject({
      status: "open",
      unreadCount: 1,
      isArchived: false,
      clientName: "Cliente Web",
    });
    // Only a hash is stored.
    expect(row?.secretHash).not.toBe(r.secret);
    expect(JSON.stringify(row)).not.toContain(r.secret);
  });

  it("refuses empty and over-long messages with clear Spanish messages", async () => {
    const { clientId, secret } = await startConversation(deps);
    expect(await refusal(send(clientId, "   \n ", secret))).toEqual({ status: 400, message: TEXTS.empty });
    const long = "a".repeat(MAX_MESSAGE_LENGTH + 1);
    expect(await refusal(send(clientId, long, secret))).toEqual({ status: 400, message: TEXTS.tooLong });
    await expect(send(clientId, "a".repeat(MAX_MESSAGE_LENGTH), secret)).resolves.toBeTruthy();
  });

  it("a wrong or missing secret can neither read nor write the conversation", async () => {
    const { clientId, secret } = await startConversation(deps, "Mi dirección es privada");
    for (const bad of [null, "", "x".repeat(43), `${secret}x`]) {
      expect(await checkAccess(deps.db, clientId, bad)).toBe("forbidden");
      expect((await refusal(visitorSnapshot(deps.db, clientId, bad))).status).toBe(403);
      expect((await refusal(send(clientId, "intruso", bad))).status).toBe(403);
    }
    const snap = await visitorSnapshot(deps.db, clientId, secret);
    expect(snap.messages.map((m) => m.message)).toEqual(["Mi dirección es privada"]);
  });

  it("another visitor's secret does not open my conversation", async () => {
    const mine = await startConversation(deps);
    const other = await startConversation(deps);
    expect(await checkAccess(deps.db, mine.clientId, other.secret)).toBe("forbidden");
  });

  it("stores a retried send only once (same client message id)", async () => {
    const { clientId, secret } = await startConversation(deps);
    const id = randomUUID();
    const a = await send(clientId, "¿Cuánto cuesta la caja grande?", secret, id);
    const b = await send(clientId, "¿Cuánto cuesta la caja grande?", secret, id);
    const [c, d] = await Promise.all([
      send(clientId, "otra", secret, id),
      send(clientId, "otra", secret, id),
    ]);
    expect(new Set([a.message.id, b.message.id, c.message.id, d.message.id]).size).toBe(1);
    const rows = await deps.db.select().from(chatMessages).where(eq(chatMessages.clientId, clientId));
    expect(rows).toHaveLength(2);
    const [conv] = await deps.db.select().from(chatClients).where(eq(chatClients.clientId, clientId));
    expect(conv?.unreadCount).toBe(2);
  });

  it("re-issues the secret when the first send's answer was lost and the same message is retried", async () => {
    const clientId = newClientId();
    const first = randomUUID();
    const lost = await send(clientId, "Hola", null, first);
    const retry = await send(clientId, "Hola", null, first);
    expect(retry.message.id).toBe(lost.message.id);
    expect(retry.secret).toBeTruthy();
    expect(await checkAccess(deps.db, clientId, retry.secret)).toBe("ok");
    expect(await checkAccess(deps.db, clientId, lost.secret)).toBe("forbidden");
    // A different message without the secret is still refused.
    expect((await refusal(send(clientId, "Hola", null))).status).toBe(403);
  });

  it("rate-limits messages per conversation and per address with a Spanish message", async () => {
    // A fixed clock keeps every hit in one window.
    const now = new Date("2026-03-05T14:30:10Z");
    const clientId = newClientId();
    const limits = { ...DEFAULT_VISITOR_LIMITS, perConversation: 3, perAddress: 100, newPerAddress: 100 };
    let secret: string | null = null;
    const go = async () => {
      const r = await visitorSend(
        deps,
        { clientId, clientMessageId: randomUUID(), message: "hola" },
        secret,
        {
          ip: "9.9.9.9",
          limits,
          now,
        },
      );
      secret = r.secret ?? secret;
    };
    for (let i = 0; i < 3; i++) await go();
    expect(await refusal(go())).toEqual({ status: 429, message: TEXTS.rateLimited });
    // A retry of a message already stored still gets it back (it is not a new message), and a
    // wrong secret is refused as such, not as a limit: neither counts.
    const [stored] = await deps.db
      .select({ id: chatMessages.id, clientMessageId: chatMessages.clientMessageId })
      .from(chatMessages)
      .where(eq(chatMessages.clientId, clientId))
      .limit(1);
    const retried = await visitorSend(
      deps,
      { clientId, clientMessageId: stored?.clientMessageId ?? "", message: "hola" },
      secret,
      { ip: "9.9.9.9", limits, now },
    );
    expect(retried).toMatchObject({ created: false, message: { id: stored?.id } });
    const wrong = visitorSend(deps, { clientId, clientMessageId: randomUUID(), message: "hola" }, "otro", {
      ip: "9.9.9.9",
      limits,
      now,
    });
    expect((await refusal(wrong)).status).toBe(403);

    const perIp = { ...DEFAULT_VISITOR_LIMITS, perConversation: 100, perAddress: 2, newPerAddress: 100 };
    const fromIp = () =>
      visitorSend(deps, { clientId: newClientId(), clientMessageId: randomUUID(), message: "hola" }, null, {
        ip: "8.8.4.4",
        limits: perIp,
        now,
      });
    await fromIp();
    await fromIp();
    expect((await refusal(fromIp())).status).toBe(429);
  });

  it("a message to a resolved conversation opens it again and counts as unread", async () => {
    const { clientId, secret } = await startConversation(deps);
    await deps.db
      .update(chatClients)
      .set({ status: "resolved", unreadCount: 0 })
      .where(eq(chatClients.clientId, clientId));
    await send(clientId, "Sigo esperando", secret);
    const snap = await visitorSnapshot(deps.db, clientId, secret);
    expect(snap.state.status).toBe("open");
    const [conv] = await deps.db.select().from(chatClients).where(eq(chatClients.clientId, clientId));
    expect(conv?.unreadCount).toBe(1);
  });

  it("announces each message once to the visitor's stream, then to staff, with the state only when it reopened", async () => {
    const clientId = newClientId();
    const topics = [chatTopic(clientId), TOPICS.staff];
    const mine = (e: BusEvent) => "message" in e.payload && e.payload.message.clientId === clientId;
    const eventsOf = async (after: number) =>
      (await deps.bus.since(topics, after))
        .filter(mine)
        .map((e) => ({ topic: e.topic, type: e.type, payload: e.payload }));

    let mark = await deps.bus.latestId();
    const first = await send(clientId, "Hola", null);
    const { clientMessageId: _visitorOnly, ...staffView } = first.message;
    expect(await eventsOf(mark)).toEqual([
      { topic: chatTopic(clientId), type: "chat.message", payload: { message: first.message, state: null } },
      {
        topic: TOPICS.staff,
        type: "chat.message",
        // Staff are told the name they see ('Visitante N'), never the session id.
        payload: { message: staffView, created: true, name: expect.stringMatching(/^Visitante \d+$/) },
      },
    ]);

    mark = await deps.bus.latestId();
    const again = await send(clientId, "¿Siguen ahí?", first.secret ?? null);
    expect(
      (await eventsOf(mark)).map((e) => [e.topic, "state" in e.payload ? e.payload.state : undefined]),
    ).toEqual([
      [chatTopic(clientId), null],
      [TOPICS.staff, undefined],
    ]);
    expect(again.created).toBe(false);

    await deps.db.update(chatClients).set({ status: "resolved" }).where(eq(chatClients.clientId, clientId));
    mark = await deps.bus.latestId();
    await send(clientId, "Otra pregunta", first.secret ?? null);
    const reopened = await eventsOf(mark);
    expect(reopened.map((e) => e.topic)).toEqual([chatTopic(clientId), TOPICS.staff]);
    expect(reopened[0]?.payload).toMatchObject({
      state: { status: "open", resolvedAt: null, assignedAgentId: null, hasContact: false },
    });
  });

  it("the snapshot gives the visitor their own client message ids, in order", async () => {
    const { clientId, secret } = await startConversation(deps, "uno");
    const id = randomUUID();
    await send(clientId, "dos", secret, id);
    const snap = await visitorSnapshot(deps.db, clientId, secret);
    expect(snap.messages.map((m) => m.message)).toEqual(["uno", "dos"]);
    expect(snap.messages[1]?.clientMessageId).toBe(id);
    expect(snap.state).toEqual({
      status: "open",
      resolvedAt: null,
      assignedAgentId: null,
      hasContact: false,
      hasEmail: false,
      rating: null,
      ratingDue: false,
    });
  });
});
