import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "../../lib/dates";
import { action as inboxAction } from "../../routes/admin/chat/route";
import { action as transcriptAction } from "../../routes/api/chat.transcript";
import type { StaffUser } from "../auth/sessions";
import { chatMessages, mailQueue } from "../db/schema";
import { startTestApp, type TestApp } from "../testing/app";
import { makeAgent, startConversation } from "../testing/chat";
import { createTestDb } from "../testing/db";
import { callRoute, formPost, routeContext, TEST_OPERADOR } from "../testing/routes";
import { startSmtpServer, type TestSmtpServer } from "../testing/smtp";
import { saveVisitorContact } from "./contact";
import { conversationState } from "./messages";
import { addNote, staffReply } from "./staff";
import { TRANSCRIPT_MAX_MESSAGES, transcriptMessages } from "./transcript";

let smtp: TestSmtpServer;
let app: TestApp & { close(): Promise<void> };

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp(await createTestDb(), {
    SMTP_URL: smtp.url,
    PUBLIC_URL: "https://tienda.example",
    TIME_ZONE: "America/Managua",
    MAIL_TIMEOUT_SECONDS: "5",
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** A visitor's conversation; with `email`, the details they left in the widget. */
async function conversation(opts: { email?: string | null; phone?: string | null } = {}) {
  const c = await startConversation(app.services, "Hola, ¿envían a Managua?");
  if (opts.email || opts.phone) {
    await saveVisitorContact(
      app.services,
      { clientId: c.clientId, name: "Rosa", phone: opts.phone ?? null, email: opts.email ?? null },
      c.secret,
    );
  }
  return c;
}

let ipCount = 0;
/** POST /api/chat/transcript as the widget sends it. */
const ask = (body: Record<string, unknown>, secret: string | null, ip = `192.0.2.${++ipCount}`) =>
  callRoute<{ to?: string; message?: string; error?: string }>(
    transcriptAction,
    new Request("http://localhost/api/chat/transcript", {
      method: "POST",
      headers: { "content-type": "application/json", ...(secret ? { "x-chat-secret": secret } : {}) },
      body: JSON.stringify(body),
    }),
    routeContext(app.services, null, ip),
  );

const transcriptsOf = (to: string) =>
  app.services.db.select().from(mailQueue).where(eq(mailQueue.toAddress, to));

describe("'Enviarme la conversación' from the widget (POST /api/chat/transcript)", () => {
  it("sends the conversation to the e-mail on file, never to one the request names, and says where (masked)", async () => {
    const c = await conversation({ email: "rosa.lopez@gmail.com" });
    expect((await conversationState(app.services.db, c.clientId))?.hasEmail).toBe(true);
    const r = await ask(
      { clientId: c.clientId, email: "extrano@example.com", to: "extrano@example.com" },
      c.secret,
    );
    expect(r.status).toBe(200);
    expect(r.data).toEqual({
      to: "r***@gmail.com",
      message: "Te enviamos la conversación a r***@gmail.com.",
    });
    expect(await transcriptsOf("rosa.lopez@gmail.com")).toHaveLength(1);
    expect(await transcriptsOf("extrano@example.com")).toHaveLength(0);
  });

  it("refuses a wrong secret, or none, and an unknown conversation, sending nothing", async () => {
    const c = await conversation({ email: "ana.secreta@gmail.com" });
    const wrong = await ask({ clientId: c.clientId }, "otro-secreto");
    expect(wrong.status).toBe(403);
    expect(wrong.data.error).toBe("No tienes acceso a esta conversación.");
    expect((await ask({ clientId: c.clientId }, null)).status).toBe(403);
    const other = await conversation();
    expect((await ask({ clientId: c.clientId }, other.secret)).status).toBe(403);
    const unknown = await ask({ clientId: "session_1700000000000_nadie1" }, c.secret);
    expect(unknown.status).toBe(404);
    expect((await ask({ clientId: "no-es-un-id" }, c.secret)).status).toBe(400);
    expect(await transcriptsOf("ana.secreta@gmail.com")).toHaveLength(0);
  });

  it("refuses a conversation without an e-mail on file with a clear Spanish message", async () => {
    const none = await conversation();
    expect((await conversationState(app.services.db, none.clientId))?.hasEmail).toBe(false);
    const r = await ask({ clientId: none.clientId }, none.secret);
    expect(r.status).toBe(409);
    expect(r.data.error).toBe("Primero déjanos tu correo para enviarte la conversación.");
    const phoneOnly = await conversation({ phone: "+50588887777" });
    expect((await ask({ clientId: phoneOnly.clientId }, phoneOnly.secret)).status).toBe(409);
  });

  it("allows three transcripts per conversation an hour, then answers 429 with a wait", async () => {
    const c = await conversation({ email: "muchas.veces@gmail.com" });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask({ clientId: c.clientId }, c.secret)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await ask({ clientId: c.clientId }, c.secret);
    expect(refused.data.error).toBe(
      "Ya te enviamos esta conversación varias veces. Inténtalo de nuevo en una hora.",
    );
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await transcriptsOf("muchas.veces@gmail.com")).toHaveLength(3);
  });
});

describe("the transcript as it arrives", () => {
  it("has the messages in order with their authors and the shop's times, photos as '[foto]', and no private notes", async () => {
    const c = await conversation({ email: "lectora@gmail.com" });
    const agent = await makeAgent(app.services, "Olga");
    const at = new Date(Date.now() + 60_000);
    await staffReply(app.services, c.clientId, agent, "Sí, enviamos <b>cada semana</b>.", at);
    await addNote(app.services, c.clientId, agent, "NOTA PRIVADA: cliente difícil");
    await app.services.db.insert(chatMessages).values({
      clientId: c.clientId,
      sender: "client",
      message: "",
      imageUrl: "/uploads/chat/foto.webp",
      clientMessageId: randomUUID(),
    });
    expect((await ask({ clientId: c.clientId }, c.secret)).status).toBe(200);
    await app.services.mail.drain();
    const [mail, ...more] = smtp.to("lectora@gmail.com");
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe("Tu conversación con Mini Market Latino");
    expect(mail?.envelopeTo).toEqual(["lectora@gmail.com"]);
    const text = mail?.text ?? "";
    expect(text).toContain("Hola Rosa: esta es la conversación que tuviste con nosotros en el chat.");
    expect(text).toContain("Hola, ¿envían a Managua?");
    expect(text).toContain(`Olga · ${formatDateTime(at, "America/Managua")}`);
    expect(text).toContain("Sí, enviamos <b>cada semana</b>.");
    expect(text).toContain("[foto]");
    expect(text.indexOf("¿envían a Managua?")).toBeLessThan(text.indexOf("cada semana"));
    expect(text).not.toContain("NOTA PRIVADA");
    expect(mail?.html).not.toContain("NOTA PRIVADA");
    expect(mail?.html).toContain("Sí, enviamos &lt;b&gt;cada semana&lt;/b&gt;.");
  });

  it(`carries the newest ${TRANSCRIPT_MAX_MESSAGES} messages`, async () => {
    const c = await conversation();
    const start = Date.now();
    await app.services.db.insert(chatMessages).values(
      Array.from({ length: TRANSCRIPT_MAX_MESSAGES + 5 }, (_, i) => ({
        clientId: c.clientId,
        sender: "client" as const,
        message: `Mensaje ${i + 1}`,
        timestamp: new Date(start + (i + 1) * 1000),
      })),
    );
    const messages = await transcriptMessages(app.services.db, c.clientId);
    expect(messages).toHaveLength(TRANSCRIPT_MAX_MESSAGES);
    expect(messages[0]?.body).toBe("Mensaje 6");
    expect(messages.at(-1)).toMatchObject({ from: "visitor", author: "Tú", body: "Mensaje 205" });
  });
});

describe("'Enviar conversación por correo' in the inbox", () => {
  const send = (clientId: string, user: StaffUser | null) =>
    callRoute<{ ok: boolean; message: { title: string; description?: string } | null }>(
      inboxAction,
      formPost("/admin/chat", { intent: "transcript", clientId }),
      routeContext(app.services, user),
    );

  it("sends it to the contact's e-mail with a toast naming the address", async () => {
    const c = await conversation({ email: "cliente.fiel@gmail.com" });
    const r = await send(c.clientId, TEST_OPERADOR);
    expect(r.status).toBe(200);
    expect(r.data.message).toMatchObject({
      title: "Correo en camino",
      description: "Conversación enviada a cliente.fiel@gmail.com.",
    });
    await app.services.mail.drain();
    expect(smtp.to("cliente.fiel@gmail.com").map((m) => m.subject)).toEqual([
      "Tu conversación con Mini Market Latino",
    ]);
  });

  it("checks the permission on the server: none for visitors or a role without it", async () => {
    const c = await conversation({ email: "nadie.mas@gmail.com" });
    expect((await send(c.clientId, null)).status).toBe(401);
    const stranger = { ...TEST_OPERADOR, role: "cliente" } as unknown as StaffUser;
    expect((await send(c.clientId, stranger)).status).toBe(403);
    expect(await transcriptsOf("nadie.mas@gmail.com")).toHaveLength(0);
  });

  it("says so when the contact has no e-mail", async () => {
    const c = await conversation({ phone: "+50588886666" });
    const r = await send(c.clientId, TEST_OPERADOR);
    expect(r.status).toBe(409);
    expect(r.data.message).toMatchObject({ description: "Este contacto no tiene correo." });
  });
});
