import { describe, expect, it } from "vitest";
import { listInboxPage } from "~/.server/chat/inbox-list";
import { listMessages } from "~/.server/chat/messages";
import { callRoute, formPost, routeContext } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import type { FormReply } from "~/lib/forms";
import { action } from "./route";

const app = setupTestApp();
const listConversations = async (db: typeof app.services.db) =>
  (await listInboxPage(db, { filter: "abiertas", agentId: null })).items;

const send = (fields: Record<string, string>, ip = "203.0.113.7") =>
  callRoute<FormReply>(
    action,
    formPost("/contact", { intent: "contact", ...fields }),
    routeContext(app.services, null, ip),
  );

const valid = {
  firstName: "María José",
  lastName: "Núñez",
  email: "maria@example.com",
  phone: "+505 8765 4321",
  message: "¿Envían a León?\nGracias.",
};

describe("the contact form into the staff inbox", () => {
  it("delivers the message as a conversation named after the visitor, with e-mail and phone", async () => {
    const r = await send(valid);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ ok: true, message: { title: "Mensaje recibido" } });
    const [conv] = await listConversations(app.services.db);
    expect(conv).toMatchObject({
      customName: "María José Núñez (formulario)",
      unreadCount: 1,
      status: "open",
    });
    const messages = await listMessages(app.services.db, conv?.clientId ?? "", { forVisitor: false });
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toBe(
      "📨 Formulario de contacto\nNombre: María José Núñez\nEmail: maria@example.com\nTeléfono: +505 8765 4321\n\n¿Envían a León?\nGracias.",
    );
  });

  it("refuses a bad e-mail or missing fields by the fields, storing nothing", async () => {
    const before = (await listConversations(app.services.db)).length;
    const bad = await send({ ...valid, email: "no-es-un-email" }, "203.0.113.8");
    expect(bad.status).toBe(400);
    expect(bad.data.result.error?.email?.[0]).toMatch(/^Introduce un email válido/);
    const empty = await send({ ...valid, firstName: " ", message: "" }, "203.0.113.8");
    expect(Object.keys(empty.data.result.error ?? {}).sort()).toEqual(["firstName", "message"]);
    expect(await listConversations(app.services.db)).toHaveLength(before);
  });

  it("allows five messages per address per hour, then answers 429", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(valid, "198.51.100.9")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await send(valid, "198.51.100.9");
    expect(refused.data.message?.description).toMatch(/^Has enviado varios mensajes/);
    expect((await send(valid, "198.51.100.10")).status).toBe(200);
  });

  it("answers a post made without scripts with what was sent, for the page's reply and mail link", async () => {
    const r = await send(valid, "203.0.113.20");
    expect(r.data.result.initialValue).toMatchObject({
      firstName: "María José",
      email: "maria@example.com",
      message: "¿Envían a León?\nGracias.",
    });
    const incomplete = await send({ ...valid, lastName: "" }, "203.0.113.20");
    expect(incomplete.data.message).toMatchObject({
      title: "Campos incompletos",
      description: "Por favor, completa tu nombre, email y mensaje.",
    });
    expect(incomplete.data.result.initialValue).toMatchObject({ firstName: "María José" });
    const badEmail = await send({ ...valid, email: "maria@" }, "203.0.113.20");
    expect(badEmail.data.message).toMatchObject({ title: "Email inválido" });
  });
});
