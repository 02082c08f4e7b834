import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_TEXT_DEFAULTS } from "../../lib/site";
import { action as messagesAction } from "../../routes/api/chat.messages";
import { action as contactAction } from "../../routes/contact/route";
import { saveSiteText } from "../content/site-admin";
import { openPostgres } from "../db/client";
import { chatClients, mailQueue } from "../db/schema";
import { startTestApp, type TestApp } from "../testing/app";
import { makeAgent, newClientId } from "../testing/chat";
import { createTestDb, onPostgres } from "../testing/db";
import { callRoute, formPost, routeContext } from "../testing/routes";
import { startSmtpServer, type TestSmtpServer } from "../testing/smtp";
import { updateAgentStatus } from "./agents";
import { NOTICE_WINDOW_MS, noticeShop, shopAddress } from "./shop-notices";
import { staffReply } from "./staff";

const SHOP = "avisos@minimarket-latino.com";
let smtp: TestSmtpServer;
let app: TestApp & { close(): Promise<void> };

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp(await createTestDb(), {
    SMTP_URL: smtp.url,
    PUBLIC_URL: "https://tienda.example",
    MAIL_TIMEOUT_SECONDS: "5",
  });
  await setShopAddress(app, SHOP);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** 'Textos' → 'Correo electrónico', as the owner saves it (every instance's cache drops it). */
async function setShopAddress(on: TestApp, contactEmail: string) {
  await saveSiteText(on.services, { ...SITE_TEXT_DEFAULTS, contactEmail }, null);
  on.services.siteContent.invalidate();
}

let ipCount = 0;
const contactForm = (fields: Record<string, string> = {}) =>
  callRoute(
    contactAction,
    formPost("/contact", {
      intent: "contact",
      firstName: "María José",
      lastName: "Núñez",
      email: "maria@example.com",
      phone: "+505 8765 4321",
      message: "¿Envían a León?",
      ...fields,
    }),
    routeContext(app.services, null, `203.0.113.${++ipCount}`),
  );

/** A visitor's message through POST /api/chat/messages (the first one makes the conversation). */
async function chat(on: TestApp, clientId: string, message: string, secret: string | null = null) {
  const r = await callRoute<{ secret?: string }>(
    messagesAction,
    new Request("http://localhost/api/chat/messages", {
      method: "POST",
      headers: { "content-type": "application/json", ...(secret ? { "x-chat-secret": secret } : {}) },
      body: JSON.stringify({ clientId, clientMessageId: randomUUID(), message }),
    }),
    routeContext(on.services, null, `198.51.100.${++ipCount % 250}`),
  );
  expect(r.status).toBeLessThan(300);
  return r.data.secret ?? secret;
}

/** The shop's notices of a conversation in the queue, oldest first. */
const noticesOf = (clientId: string, on: TestApp = app) =>
  on.services.db
    .select()
    .from(mailQueue)
    .where(and(eq(mailQueue.kind, "shop.notice"), sql`${mailQueue.params} ->> 'clientId' = ${clientId}`))
    .orderBy(asc(mailQueue.id));

async function contactConversation(message: string) {
  const [row] = await app.services.db
    .select({ clientId: chatClients.clientId })
    .from(chatClients)
    .innerJoin(sql`chat_messages m`, sql`m.client_id = ${chatClients.clientId}`)
    .where(sql`m.message like ${`%${message}`}`)
    .limit(1);
  if (!row) throw new Error("no conversation for that contact message");
  return row.clientId;
}

describe("the shop hears by e-mail of what arrives while nobody is online (issue 40)", () => {
  it("sends one e-mail for a contact-form message to the address in 'Textos', with a link to the conversation", async () => {
    const message = 'Hola <b>equipo</b> & "amigos" <script>alert(1)</script>';
    expect((await contactForm({ message })).status).toBe(200);
    await app.services.mail.drain();
    const clientId = await contactConversation(message);
    const [mail, ...more] = smtp.to(SHOP);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe("Nuevo mensaje de contacto: María José Núñez");
    expect(mail?.text).toContain("María José Núñez escribió y nadie del equipo estaba en línea.");
    expect(mail?.text).toContain(message);
    expect(mail?.html).toContain(`href="https://tienda.example/admin/chat?c=${clientId}"`);
    // What the visitor typed is text in the HTML, never markup.
    expect(mail?.html).toContain("Hola &lt;b&gt;equipo&lt;/b&gt; &amp;");
    expect(mail?.html).not.toContain("<script>");
    expect(mail?.html).not.toContain("<b>equipo</b>");
  });

  it("sends nothing while an agent is online; 'Ausente' or 'Desconectado' count as nobody", async () => {
    const agent = await makeAgent(app.services, "Olga");
    await updateAgentStatus(app.services, agent.id, { status: "online" });
    await contactForm({ message: "Con alguien en línea" });
    expect(await noticesOf(await contactConversation("Con alguien en línea"))).toHaveLength(0);

    await updateAgentStatus(app.services, agent.id, { status: "away" });
    await contactForm({ message: "Con la agente ausente" });
    expect(await noticesOf(await contactConversation("Con la agente ausente"))).toHaveLength(1);

    await updateAgentStatus(app.services, agent.id, { status: "offline" });
    await contactForm({ message: "Sin nadie" });
    expect(await noticesOf(await contactConversation("Sin nadie"))).toHaveLength(1);
  });

  it("goes to the address of 'Textos' when it is one (the seeded placeholder too: it shows in 'Correo')", () => {
    expect(shopAddress("info@minimarketlatino.example")).toBe("info@minimarketlatino.example");
    expect(shopAddress(" tienda@gmail.com ")).toBe("tienda@gmail.com");
    expect(shopAddress("tienda en gmail")).toBeNull();
    expect(shopAddress("")).toBeNull();
  });

  it("batches a chat: the first message now, the next ones in one follow-up at the end of the window", async () => {
    const clientId = newClientId();
    const secret = await chat(app, clientId, "Hola, ¿tienen tortillas?");
    await chat(app, clientId, "¿Y crema?", secret);
    await chat(app, clientId, "¿Abren mañana?", secret);
    const [first, followUp, ...rest] = await noticesOf(clientId);
    expect(rest).toHaveLength(0);
    expect(first?.params).toMatchObject({ what: "chat", clientId, excerpt: "Hola, ¿tienen tortillas?" });
    expect(followUp?.params).toMatchObject({ what: "more", count: 2, excerpt: "¿Y crema?" });
    // Sent when the first notice's window ends, under that time's key.
    const start = Number(first?.dedupeKey?.split(":").at(-1));
    expect(followUp?.dedupeKey).toBe(`shop:${clientId}:${start + NOTICE_WINDOW_MS}`);
    expect(followUp?.nextAttemptAt.getTime()).toBe(start + NOTICE_WINDOW_MS);

    await app.services.mail.drain();
    const name = String(first?.params.name);
    expect(
      smtp
        .to(SHOP)
        .filter((m) => m.subject?.includes(name))
        .map((m) => m.subject),
    ).toEqual([`Nueva conversación en el chat: ${name}`]);

    // The window ends: the follow-up goes, counting both messages.
    await app.services.db
      .update(mailQueue)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailQueue.id, followUp?.id ?? 0));
    await app.services.mail.drain();
    const sent = smtp.to(SHOP).find((m) => m.subject === `Más mensajes sin responder: ${name}`);
    expect(sent?.text).toContain(`${name} escribió 2 mensajes más y nadie del equipo estaba en línea.`);

    // A message after the follow-up left waits for the next window (at most one e-mail per window).
    await chat(app, clientId, "¿Hola?", secret);
    const last = (await noticesOf(clientId)).at(-1);
    expect(last?.dedupeKey).toBe(`shop:${clientId}:${start + 2 * NOTICE_WINDOW_MS}`);
    expect(last?.params).toMatchObject({ what: "more", count: 1 });
  });

  it("a staff reply drops the waiting follow-up; staff messages never notify", async () => {
    const clientId = newClientId();
    const secret = await chat(app, clientId, "Necesito enviar una caja");
    await chat(app, clientId, "A Tegucigalpa", secret);
    expect((await noticesOf(clientId)).map((n) => n.params.what)).toEqual(["chat", "more"]);
    const agent = await makeAgent(app.services, "Rosa");
    await staffReply(app.services, clientId, agent, "¡Claro! ¿Qué tamaño?");
    expect((await noticesOf(clientId)).map((n) => n.params.what)).toEqual(["chat"]);
    // Written again within the window: a new count for its end.
    await chat(app, clientId, "Mediana", secret);
    expect((await noticesOf(clientId)).map((n) => [n.params.what, n.params.count])).toEqual([
      ["chat", undefined],
      ["more", 1],
    ]);
  });
});

describe.runIf(onPostgres)("two instances on one Postgres", () => {
  it("messages of one conversation arriving at both at once make one notice and one follow-up", async () => {
    const database = await createTestDb();
    const a = await startTestApp(database);
    const b = await startTestApp(await openPostgres(database.url ?? "", { max: 5 }));
    try {
      await setShopAddress(a, SHOP);
      b.services.siteContent.invalidate();
      // The conversation starts while someone is online: no notice yet.
      const agent = await makeAgent(a.services, "Olga");
      await updateAgentStatus(a.services, agent.id, { status: "online" });
      const clientId = newClientId();
      const secret = await chat(a, clientId, "Hola");
      await updateAgentStatus(a.services, agent.id, { status: "offline" });
      await Promise.all(
        Array.from({ length: 8 }, (_, i) => chat(i % 2 ? a : b, clientId, `Mensaje ${i}`, secret)),
      );
      const notices = await noticesOf(clientId, a);
      expect(notices.map((n) => [n.params.what, n.params.count])).toEqual([
        ["message", undefined],
        ["more", 7],
      ]);

      // The deciders themselves, all at once on both instances' connections.
      const other = newClientId();
      await chat(a, other, "Hola otra vez");
      await a.services.db.delete(mailQueue).where(sql`${mailQueue.params} ->> 'clientId' = ${other}`);
      const at = new Date();
      const decided = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? a : b).services.db.transaction((tx) =>
            noticeShop(tx, SHOP, { clientId: other, what: "message", name: "Ana", excerpt: "x", at }),
          ),
        ),
      );
      expect(decided.sort()).toEqual([
        "later",
        "later",
        "later",
        "later",
        "later",
        "later",
        "later",
        "later",
        "later",
        "now",
      ]);
      expect((await noticesOf(other, a)).map((n) => [n.params.what, n.params.count])).toEqual([
        ["message", undefined],
        ["more", 9],
      ]);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
