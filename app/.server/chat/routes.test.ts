import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { action as chatAction, loader as chatLoader } from "../../routes/admin/chat/route";
import { action as agentAction } from "../../routes/api/chat.agent";
import { loader as conversationLoader } from "../../routes/api/chat.conversation";
import { action as messagesAction } from "../../routes/api/chat.messages";
import { loader as presenceLoader } from "../../routes/api/chat.presence";
import type { StaffUser } from "../auth/sessions";
import { loadConfig } from "../config";
import { staffUsers } from "../db/schema";
import type { Services } from "../services";
import { newClientId, startConversation } from "../testing/chat";
import { testLogger } from "../testing/db";
import { routeContext } from "../testing/routes";
import { setupTestDatabase } from "../testing/setup";

const deps = setupTestDatabase({ bus: true });
const config = loadConfig({});
let operador: StaffUser;
beforeAll(async () => {
  const [u] = await deps.db
    .insert(staffUsers)
    .values({ email: "op@example.com", name: "Olga", role: "operador", passwordHash: "x" })
    .returning();
  if (!u) throw new Error("no user");
  operador = { id: u.id, email: u.email, name: u.name, role: "operador" };
});

function context(user: StaffUser | null): AppLoadContext {
  const services = { db: deps.db, bus: deps.bus, logger: testLogger, config } as unknown as Services;
  return routeContext(services, user, "127.0.0.9");
}
type Args = { request: Request; context: AppLoadContext; params: Record<string, string> };
const call = <T>(fn: (a: never) => T, request: Request, user: StaffUser | null = null) =>
  fn({ request, context: context(user), params: {} } satisfies Args as never);

/** Status and body of whatever a route returned or threw. */
async function outcome(run: () => unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  let r: unknown;
  try {
    r = await run();
  } catch (e) {
    r = e;
  }
  if (r instanceof Response) return { status: r.status, body: await r.json().catch(() => ({})) };
  const d = r as { init?: { status?: number }; data?: Record<string, unknown> };
  return { status: d.init?.status ?? 200, body: d.data ?? (r as Record<string, unknown>) };
}

const form = (fields: Record<string, string>, path = "/admin/chat") =>
  new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields) });
const jsonPost = (body: unknown, secret?: string) =>
  new Request("http://localhost/api/chat/messages", {
    method: "POST",
    headers: { "content-type": "application/json", ...(secret ? { "x-chat-secret": secret } : {}) },
    body: JSON.stringify(body),
  });

describe("staff chat actions enforce the role on the server (docs/product.md §1)", () => {
  it("refuses visitors with 401 and other roles with 403, for every intent", async () => {
    const { clientId } = await startConversation(deps);
    const stranger = { ...operador, role: "cliente" } as unknown as StaffUser;
    const intents = ["reply", "read", "status", "rename", "delete", "assign", "unassign", "agent-status"];
    for (const intent of intents) {
      const fields = { intent, clientId, message: "hola", status: "resolved", name: "x" };
      expect((await outcome(() => call(chatAction, form(fields)))).status).toBe(401);
      expect((await outcome(() => call(chatAction, form(fields), stranger))).status).toBe(403);
    }
    for (const intent of ["heartbeat", "leave", "typing"]) {
      const req = () => form({ intent, clientId, typing: "true" }, "/api/chat/agent");
      expect((await outcome(() => call(agentAction, req()))).status).toBe(401);
      expect((await outcome(() => call(agentAction, req(), stranger))).status).toBe(403);
    }
  });

  it("lets an operador reply, resolve and rename, with the spec's toasts", async () => {
    const { clientId } = await startConversation(deps);
    const reply = await outcome(() =>
      call(chatAction, form({ intent: "reply", clientId, message: "Hola" }), operador),
    );
    expect(reply).toMatchObject({ status: 200, body: { ok: true } });
    const resolved = await outcome(() =>
      call(chatAction, form({ intent: "status", clientId, status: "resolved" }), operador),
    );
    expect(resolved.body.message).toEqual({
      title: "Actualizado",
      description: "Conversación marcada como resuelta",
    });
    const renamed = await outcome(() =>
      call(chatAction, form({ intent: "rename", clientId, name: " " }), operador),
    );
    expect(renamed.body.message).toEqual({ title: "Éxito", description: "Conversación renombrada." });
    const bad = await outcome(() =>
      call(chatAction, form({ intent: "reply", clientId, message: "  " }), operador),
    );
    expect(bad.status).toBe(400);
    const gone = await outcome(() =>
      call(chatAction, form({ intent: "assign", clientId, agentId: randomUUID() }), operador),
    );
    expect(gone.status).toBe(404);
    expect(gone.body.message).toMatchObject({ description: "No se pudo asignar la conversación" });
  });

  it("creates the agent record offline on the first visit to the inbox", async () => {
    const req = new Request("http://localhost/admin/chat");
    const [u] = await deps.db
      .insert(staffUsers)
      .values({ email: "nuevo-op@example.com", name: "Nuevo", role: "operador", passwordHash: "x" })
      .returning();
    if (!u) throw new Error("no user");
    const fresh: StaffUser = { id: u.id, email: u.email, name: u.name, role: "operador" };
    const data = (await call(chatLoader, req, fresh)) as { agent: { status: string; isOnline: boolean } };
    expect(data.agent).toMatchObject({ status: "offline", isOnline: false });
  });
});

describe("the widget's endpoints", () => {
  it("answer the first message with 201 and the secret, then require it", async () => {
    const clientId = newClientId();
    const first = await outcome(() =>
      call(messagesAction, jsonPost({ clientId, clientMessageId: randomUUID(), message: "Hola" })),
    );
    expect(first.status).toBe(201);
    const secret = first.body.secret as string;
    expect(secret).toBeTruthy();
    const again = { clientId, clientMessageId: randomUUID(), message: "¿Hay alguien?" };
    expect((await outcome(() => call(messagesAction, jsonPost(again)))).status).toBe(403);
    expect((await outcome(() => call(messagesAction, jsonPost(again, "otra")))).status).toBe(403);
    expect((await outcome(() => call(messagesAction, jsonPost(again, secret)))).status).toBe(200);

    const url = `http://localhost/api/chat/conversation?clientId=${clientId}`;
    const read = (s?: string) =>
      outcome(() => call(conversationLoader, new Request(url, { headers: s ? { "x-chat-secret": s } : {} })));
    expect((await read()).status).toBe(403);
    expect((await read("otra")).status).toBe(403);
    const ok = await read(secret);
    expect(ok.status).toBe(200);
    expect((ok.body.messages as { message: string }[]).map((m) => m.message)).toEqual([
      "Hola",
      "¿Hay alguien?",
    ]);
  });

  it("refuse malformed bodies with 400 and say so in Spanish", async () => {
    const bad = new Request("http://localhost/api/chat/messages", { method: "POST", body: "{no es json" });
    expect(await outcome(() => call(messagesAction, bad))).toMatchObject({ status: 400 });
    const long = { clientId: newClientId(), clientMessageId: randomUUID(), message: "a".repeat(1001) };
    const r = await outcome(() => call(messagesAction, jsonPost(long)));
    expect(r).toMatchObject({
      status: 400,
      body: { error: "El mensaje es demasiado largo (máximo 1000 caracteres)." },
    });
    const noId = await outcome(() =>
      call(conversationLoader, new Request("http://localhost/api/chat/conversation?clientId=../x")),
    );
    expect(noId.status).toBe(400);
  });

  it("tell anyone which agents are online", async () => {
    const r = await outcome(() => call(presenceLoader, new Request("http://localhost/api/chat/presence")));
    // Olga replied above but never chose 'En línea': a reply does not make anyone online (ADR 0020).
    expect(r).toMatchObject({ status: 200, body: { agents: [] } });
  });
});
