import { describe, expect, it } from "vitest";
import { openPostgres } from "../db/client";
import { redactSecrets } from "../http/access-log";
import { type TestApp as App, startTestApp } from "../testing/app";
import { makeAgent, startConversation } from "../testing/chat";
import { createTestDb, onPostgres } from "../testing/db";
import { setupTestApp } from "../testing/setup";
import { openSse, type SseMessage } from "../testing/sse-client";
import { updateAgentStatus } from "./agents";
import { staffReply } from "./staff";
import { visitorSend } from "./visitor";

const deps = (app: App) => ({ db: app.services.db, bus: app.services.bus });
const ready = (s: ReturnType<typeof openSse>) => s.waitFor(() => s.messages.some((m) => m.event === "ready"));
const texts = (msgs: SseMessage[]) =>
  msgs
    .filter((m) => m.event === "chat.message")
    .map((m) => JSON.parse(m.data).payload.message.message as string);
const streamUrl = (app: App, clientId: string, secret?: string) =>
  `${app.url}/events/chat/${clientId}${secret === undefined ? "" : `?secret=${encodeURIComponent(secret)}`}`;

describe("the visitor's live stream", () => {
  const app = setupTestApp();

  it("refuses a missing or wrong secret, an unknown conversation and a malformed id", async () => {
    const { clientId, secret } = await startConversation(deps(app));
    const other = await startConversation(deps(app));
    expect((await fetch(streamUrl(app, clientId))).status).toBe(403);
    expect((await fetch(streamUrl(app, clientId, "adivinanza"))).status).toBe(403);
    expect((await fetch(streamUrl(app, clientId, other.secret))).status).toBe(403);
    expect((await fetch(streamUrl(app, "session_1700000000000_noexiste"))).status).toBe(404);
    expect((await fetch(`${app.url}/events/chat/..%2Fstaff?secret=${secret}`)).status).toBe(400);
    const ok = openSse(`${app.url}/events/chat/${clientId}`, { "x-chat-secret": secret });
    await ready(ok);
    expect(ok.status).toBe(200);
    await ok.close();
  });

  it("carries only this conversation: another visitor's messages never arrive", async () => {
    const agent = await makeAgent(deps(app), "Ana");
    const mine = await startConversation(deps(app));
    const theirs = await startConversation(deps(app));
    const s = openSse(streamUrl(app, mine.clientId, mine.secret));
    await ready(s);
    await staffReply(deps(app), theirs.clientId, agent, "dato privado de otro cliente");
    await staffReply(deps(app), mine.clientId, agent, "para ti");
    await s.waitFor(() => texts(s.messages).includes("para ti"));
    expect(s.messages.some((m) => m.data.includes("dato privado"))).toBe(false);
    await s.close();
  });

  it("after a dropped connection, every staff message sent meanwhile arrives exactly once", async () => {
    const agent = await makeAgent(deps(app), "Beto");
    const { clientId, secret } = await startConversation(deps(app));
    const first = openSse(streamUrl(app, clientId, secret));
    await ready(first);
    await staffReply(deps(app), clientId, agent, "uno");
    await first.waitFor(() => texts(first.messages).includes("uno"));
    await first.close(); // the phone sleeps
    await new Promise((r) => setTimeout(r, 50));

    for (const t of ["dos", "tres", "cuatro"]) await staffReply(deps(app), clientId, agent, t);
    const lastId = first.messages.filter((m) => m.id).at(-1)?.id ?? "0";
    const second = openSse(streamUrl(app, clientId, secret), { "Last-Event-ID": lastId });
    await ready(second);
    await staffReply(deps(app), clientId, agent, "cinco");
    await second.waitFor(() => texts(second.messages).includes("cinco"));

    const all = [...texts(first.messages), ...texts(second.messages)];
    expect(all).toEqual(["uno", "dos", "tres", "cuatro", "cinco"]);
    await second.close();
  });

  it("tells the visitor live when an agent comes online", async () => {
    const { clientId, secret } = await startConversation(deps(app));
    const agent = await makeAgent(deps(app), "Carla En Línea");
    const s = openSse(streamUrl(app, clientId, secret));
    await ready(s);
    await updateAgentStatus(deps(app), agent.id, {
      status: "online",
      estimatedResponseTime: "1-2 minutos",
      statusMessage: "",
    });
    await s.waitFor(() =>
      s.messages.some((m) => m.event === "chat.presence" && m.data.includes("Carla En Línea")),
    );
    await s.close();
  });

  it("a widget without a conversation follows presence over the public stream, within 2 s", async () => {
    const agent = await makeAgent(deps(app), "Diana Presencia");
    const s = openSse(`${app.url}/events/chat-presence`);
    await ready(s);
    const started = Date.now();
    await updateAgentStatus(deps(app), agent.id, {
      status: "online",
      estimatedResponseTime: "1-2 minutos",
      statusMessage: "",
    });
    await s.waitFor(() =>
      s.messages.some((m) => m.event === "chat.presence" && m.data.includes("Diana Presencia")),
    );
    expect(Date.now() - started).toBeLessThan(2000);
    await updateAgentStatus(deps(app), agent.id, {
      status: "away",
      estimatedResponseTime: "1-2 minutos",
      statusMessage: "",
    });
    await s.waitFor(
      () =>
        s.messages
          .filter((m) => m.event === "chat.presence")
          .at(-1)
          ?.data.includes("Diana Presencia") === false,
    );
    // Nothing else travels on it: no conversation's messages.
    const other = await startConversation(deps(app));
    await staffReply(deps(app), other.clientId, agent, "privado");
    await new Promise((r) => setTimeout(r, 200));
    expect(s.messages.some((m) => m.event === "chat.message")).toBe(false);
    await s.close();
  });

  it("keeps secrets out of the access log", () => {
    expect(redactSecrets("/events/chat/session_1_abc?secret=s3cr3t&lastEventId=4")).toBe(
      "/events/chat/session_1_abc?secret=***&lastEventId=4",
    );
  });
});

describe.runIf(onPostgres)("two instances on one Postgres", () => {
  it("a visitor on one instance and staff on the other talk both ways", async () => {
    const dbA = await createTestDb();
    const a = await startTestApp(dbA);
    const b = await startTestApp(await openPostgres(dbA.url as string, { max: 5 }));
    try {
      const agent = await makeAgent(deps(b), "Dana");
      const { clientId, secret } = await startConversation(deps(a));
      const visitor = openSse(streamUrl(a, clientId, secret));
      const { attemptLogin } = await import("../auth/login");
      const login = await attemptLogin(
        b.services.db,
        { email: "operador@example.com", password: "operador-pass-123", ip: "127.0.0.1" },
        { maxFailures: 5, windowMinutes: 15, session: { ttlHours: 1, maxDays: 30 } },
      );
      const { sessionCookieHeader } = await import("../testing/routes");
      const staff = openSse(`${b.url}/events/staff`, { cookie: await sessionCookieHeader(login.token) });
      await Promise.all([ready(visitor), ready(staff)]);

      await visitorSend(
        deps(a),
        { clientId, clientMessageId: crypto.randomUUID(), message: "desde A" },
        secret,
        {
          ip: "3.3.3.3",
        },
      );
      await staff.waitFor(() => texts(staff.messages).includes("desde A"), 4000);
      await staffReply(deps(b), clientId, agent, "desde B");
      await visitor.waitFor(() => texts(visitor.messages).includes("desde B"), 4000);
      await visitor.close();
      await staff.close();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
