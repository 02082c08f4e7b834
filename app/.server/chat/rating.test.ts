import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TEXTS } from "../../lib/chat";
import { RATING_COMMENT_MAX, RATING_TEXTS } from "../../lib/chat-rating";
import { chatTopic, TOPICS } from "../../lib/events";
import { action as ratingAction } from "../../routes/api/chat.rating";
import { chatClients, chatRatings } from "../db/schema";
import { makeAgent, startConversation } from "../testing/chat";
import { callRoute, routeContext } from "../testing/routes";
import { setupTestApp } from "../testing/setup";
import { inboxItem } from "./inbox-list";
import { conversationState } from "./messages";
import { RATING_TRIES_PER_HOUR } from "./rating";
import { setConversationStatus } from "./staff";
import { visitorSend, visitorSnapshot } from "./visitor";

const app = setupTestApp();
const deps = () => ({ db: app.services.db, bus: app.services.bus });

/** POST /api/chat/rating as the widget sends it. */
const rate = (body: Record<string, unknown>, secret: string | null) =>
  callRoute<{ rating?: string; message?: string; error?: string }>(
    ratingAction,
    new Request("http://localhost/api/chat/rating", {
      method: "POST",
      headers: { "content-type": "application/json", ...(secret ? { "x-chat-secret": secret } : {}) },
      body: JSON.stringify(body),
    }),
    routeContext(app.services, null, "192.0.2.7"),
  );

const storedRating = async (clientId: string) =>
  (await app.services.db.select().from(chatRatings).where(eq(chatRatings.clientId, clientId)))[0] ?? null;

/** A visitor's conversation that `agent` resolved. */
async function resolvedBy(agent: { id: string }) {
  const c = await startConversation(deps());
  await setConversationStatus(deps(), c.clientId, "resolved", agent.id);
  return c;
}

describe("'¿Cómo te atendimos?' (issue 41)", () => {
  it("is asked once the conversation is resolved, and refused before (409)", async () => {
    const ana = await makeAgent(deps(), "Ana");
    const { clientId, secret } = await startConversation(deps());
    expect(await conversationState(app.services.db, clientId)).toMatchObject({
      status: "open",
      rating: null,
      ratingDue: false,
    });
    const early = await rate({ clientId, rating: "good" }, secret);
    expect(early).toMatchObject({
      status: 409,
      data: { error: "Podrás darnos tu opinión cuando terminemos de atenderte." },
    });
    expect(await storedRating(clientId)).toBeNull();

    // The resolution reaches the widget with the question due, live and after a reload.
    const mark = await app.services.bus.latestId();
    await setConversationStatus(deps(), clientId, "resolved", ana.id);
    const live = (await app.services.bus.since([chatTopic(clientId)], mark)).find(
      (e) => e.type === "chat.state",
    );
    expect(live?.payload).toMatchObject({ status: "resolved", rating: null, ratingDue: true });
    const snap = await visitorSnapshot(app.services.db, clientId, secret);
    expect(snap.state).toMatchObject({ status: "resolved", rating: null, ratingDue: true });
  });

  it("stores the answer with the agent who resolved it, tells staff and the widget, and thanks", async () => {
    const ana = await makeAgent(deps(), "Ana");
    const { clientId, secret } = await resolvedBy(ana);
    const mark = await app.services.bus.latestId();
    const answer = await rate({ clientId, rating: "good", comment: "  muy amables  " }, secret);
    expect(answer).toMatchObject({
      status: 200,
      data: { rating: "good", message: "¡Gracias por tu opinión!" },
    });
    expect(await storedRating(clientId)).toMatchObject({
      clientId,
      rating: "good",
      comment: "muy amables",
      agentId: ana.id,
    });
    const events = await app.services.bus.since([TOPICS.staff, chatTopic(clientId)], mark);
    expect(events.map((e) => [e.topic, e.type, e.payload])).toEqual([
      [TOPICS.staff, "chat.client", { clientId, action: "updated" }],
      [chatTopic(clientId), "chat.state", expect.objectContaining({ rating: "good", ratingDue: false })],
    ]);
    // Staff read it with the conversation (header and list).
    expect((await inboxItem(app.services.db, clientId))?.rating).toEqual({
      rating: "good",
      comment: "muy amables",
      createdAt: expect.any(String),
    });
  });

  it("is answered once per conversation: a second answer is refused (409), even after another resolution", async () => {
    const ana = await makeAgent(deps(), "Ana");
    const beto = await makeAgent(deps(), "Beto");
    const { clientId, secret } = await resolvedBy(ana);
    expect((await rate({ clientId, rating: "bad" }, secret)).status).toBe(200);
    const again = await rate({ clientId, rating: "good", comment: "mejor" }, secret);
    expect(again).toMatchObject({ status: 409, data: { error: "Ya recibimos tu opinión. ¡Gracias!" } });

    // Reopened by a message and resolved again by someone else: not asked again, still refused.
    await visitorSend(deps(), { clientId, clientMessageId: randomUUID(), message: "Otra cosa" }, secret, {
      ip: "192.0.2.8",
    });
    await setConversationStatus(deps(), clientId, "resolved", beto.id);
    expect(await conversationState(app.services.db, clientId)).toMatchObject({
      rating: "bad",
      ratingDue: false,
    });
    expect((await rate({ clientId, rating: "good" }, secret)).status).toBe(409);
    expect(await storedRating(clientId)).toMatchObject({ rating: "bad", comment: null, agentId: ana.id });
  });

  it("goes away when a message reopens the conversation, and is asked again at the next resolution", async () => {
    const ana = await makeAgent(deps(), "Ana");
    const beto = await makeAgent(deps(), "Beto");
    const { clientId, secret } = await resolvedBy(ana);
    const sent = await visitorSend(
      deps(),
      { clientId, clientMessageId: randomUUID(), message: "Una pregunta más" },
      secret,
      { ip: "192.0.2.9" },
    );
    expect(sent.created).toBe(false);
    expect(await conversationState(app.services.db, clientId)).toMatchObject({
      status: "open",
      rating: null,
      ratingDue: false,
    });
    expect((await rate({ clientId, rating: "ok" }, secret)).status).toBe(409);

    await setConversationStatus(deps(), clientId, "resolved", beto.id);
    expect(await conversationState(app.services.db, clientId)).toMatchObject({ ratingDue: true });
    expect((await rate({ clientId, rating: "ok" }, secret)).status).toBe(200);
    // Counted for who resolved it this time.
    expect((await storedRating(clientId))?.agentId).toBe(beto.id);
  });

  it("checks the answer: a face, a comment of at most 500 characters (trimmed)", async () => {
    const ana = await makeAgent(deps(), "Ana");
    const { clientId, secret } = await resolvedBy(ana);
    expect(await rate({ clientId, rating: "excelente" }, secret)).toMatchObject({
      status: 400,
      data: { error: RATING_TEXTS.pick },
    });
    expect(await rate({ clientId }, secret)).toMatchObject({
      status: 400,
      data: { error: RATING_TEXTS.pick },
    });
    const long = "a".repeat(RATING_COMMENT_MAX + 1);
    expect(await rate({ clientId, rating: "ok", comment: long }, secret)).toMatchObject({
      status: 400,
      data: { error: "El comentario es demasiado largo (máximo 500 caracteres)." },
    });
    expect(await rate({ clientId, rating: "ok", comment: 42 }, secret)).toMatchObject({
      status: 400,
      data: { error: "Comentario inválido." },
    });
    expect(await storedRating(clientId)).toBeNull();
    // Spaces around do not count; an empty comment is none.
    const full = "b".repeat(RATING_COMMENT_MAX);
    expect((await rate({ clientId, rating: "ok", comment: `  ${full}\n` }, secret)).status).toBe(200);
    expect((await storedRating(clientId))?.comment).toBe(full);

    const other = await resolvedBy(ana);
    expect(
      (await rate({ clientId: other.clientId, rating: "good", comment: "   " }, other.secret)).status,
    ).toBe(200);
    expect((await storedRating(other.clientId))?.comment).toBeNull();
  });

  it("needs the conversation's secret (403) and an existing conversation (404)", async () => {
    const ana = await makeAgent(deps(), "Ana");
    const { clientId } = await resolvedBy(ana);
    const other = await resolvedBy(ana);
    expect(await rate({ clientId, rating: "bad" }, other.secret)).toMatchObject({
      status: 403,
      data: { error: TEXTS.forbidden },
    });
    expect((await rate({ clientId, rating: "bad" }, null)).status).toBe(403);
    expect(await storedRating(clientId)).toBeNull();
    const missing = await rate({ clientId: "session_1700000000000_nobodyhere", rating: "bad" }, other.secret);
    expect(missing).toMatchObject({ status: 404, data: { error: "Conversación no encontrada." } });
  });

  it("limits the tries per conversation", async () => {
    const { clientId, secret } = await startConversation(deps());
    for (let i = 0; i < RATING_TRIES_PER_HOUR; i++)
      expect((await rate({ clientId, rating: "good" }, secret)).status).toBe(409);
    expect(await rate({ clientId, rating: "good" }, secret)).toMatchObject({
      status: 429,
      data: { error: "Demasiados intentos seguidos. Inténtalo más tarde." },
    });
  });

  it("goes with its conversation when that is deleted", async () => {
    const ana = await makeAgent(deps(), "Ana");
    const { clientId, secret } = await resolvedBy(ana);
    expect((await rate({ clientId, rating: "good", comment: "gracias" }, secret)).status).toBe(200);
    expect(await storedRating(clientId)).not.toBeNull();
    await app.services.db.delete(chatClients).where(eq(chatClients.clientId, clientId));
    expect(await storedRating(clientId)).toBeNull();
  });
});
