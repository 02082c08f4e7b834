import { describe, expect, it } from "vitest";
import { action as typingAction } from "../../routes/api/chat.typing";
import type { TestApp as App } from "../testing/app";
import { makeAgent, startConversation } from "../testing/chat";
import { callRoute, routeContext } from "../testing/routes";
import { setupTestApp } from "../testing/setup";
import { openSse } from "../testing/sse-client";
import { listMessages } from "./messages";
import { addNote, signalVisitorTyping, staffReply } from "./staff";
import { visitorSnapshot } from "./visitor";

const deps = (app: App) => ({ db: app.services.db, bus: app.services.bus });
const ready = (s: ReturnType<typeof openSse>) => s.waitFor(() => s.messages.some((m) => m.event === "ready"));
const streamUrl = (app: App, clientId: string, secret: string) =>
  `${app.url}/events/chat/${clientId}?secret=${encodeURIComponent(secret)}`;

describe("private notes and typing (ADR 0020)", () => {
  const app = setupTestApp();

  it("a note is for staff only: never on the visitor's stream, never in their history", async () => {
    const agent = await makeAgent(deps(app), "Nora");
    const { clientId, secret } = await startConversation(deps(app));
    const visitor = openSse(streamUrl(app, clientId, secret));
    const staffLater = await app.services.bus.latestId();
    await ready(visitor);
    await addNote(deps(app), clientId, agent, "NOTA: cliente difícil, ofrecer descuento");
    await staffReply(deps(app), clientId, agent, "Hola, ¿en qué le ayudo?");
    await visitor.waitFor(() => visitor.messages.some((m) => m.data.includes("en qué le ayudo")));
    expect(visitor.messages.some((m) => m.data.includes("NOTA"))).toBe(false);
    await visitor.close();
    // A reconnect's catch-up (the snapshot) and a resumed stream leave it out too.
    const snap = await visitorSnapshot(app.services.db, clientId, secret);
    expect(snap.messages.map((m) => m.message)).not.toContain("NOTA: cliente difícil, ofrecer descuento");
    const resumed = openSse(`${streamUrl(app, clientId, secret)}&lastEventId=${staffLater}`);
    await resumed.waitFor(() => resumed.messages.some((m) => m.event === "ready"));
    expect(resumed.messages.some((m) => m.data.includes("NOTA"))).toBe(false);
    await resumed.close();
    // Staff see it, marked as a note.
    const staff = await listMessages(app.services.db, clientId, { forVisitor: false });
    expect(staff.find((m) => m.message.startsWith("NOTA"))).toMatchObject({
      sender: "note",
      agentName: "Nora",
    });
  });

  it("typing reaches the other side within 1 s and is never stored or replayed", async () => {
    const { clientId, secret } = await startConversation(deps(app));
    const agent = await makeAgent(deps(app), "Tina");
    // Staff typing → the visitor's stream, through the staff endpoint's domain call.
    const visitor = openSse(streamUrl(app, clientId, secret));
    await ready(visitor);
    const before = await app.services.bus.latestId();
    const t0 = Date.now();
    const { signalStaffTyping } = await import("./staff");
    await signalStaffTyping(deps(app), clientId, agent.name);
    await visitor.waitFor(() => visitor.messages.some((m) => m.event === "chat.typing"));
    expect(Date.now() - t0).toBeLessThan(1000);
    const typing = visitor.messages.find((m) => m.event === "chat.typing");
    expect(typing?.id ?? "").toBe("");
    expect(JSON.parse(typing?.data ?? "{}").payload).toEqual({ clientId, typing: true, name: "Tina" });
    await visitor.close();
    // Visitor typing → the staff stream, through POST /api/chat/typing with the secret.
    const heard: unknown[] = [];
    const stop = app.services.bus.subscribe(
      (e) => e.type === "chat.typing" && e.topic === "staff" && heard.push(e),
    );
    const t1 = Date.now();
    const post = (key: string) =>
      callRoute(
        typingAction,
        new Request("http://localhost/api/chat/typing", {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Chat-Secret": key },
          body: JSON.stringify({ clientId, typing: true }),
        }),
        routeContext(app.services, null),
      );
    expect((await post(secret)).status).toBe(204);
    expect(heard).toHaveLength(1);
    expect(Date.now() - t1).toBeLessThan(1000);
    expect((await post("adivinanza")).status).toBe(403);
    expect(heard).toHaveLength(1);
    stop();
    await signalVisitorTyping(deps(app), clientId, false);
    // Nothing stored: no event row was written by any of it, so nothing is replayed later.
    expect(await app.services.bus.latestId()).toBe(before);
  });
});
