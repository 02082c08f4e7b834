import { beforeAll, describe, expect, it } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { listSavedReplies } from "~/.server/chat/saved-replies";
import { auditLog, staffUsers } from "~/.server/db/schema";
import { callRoute, formPost, routeContext, TEST_ADMIN, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import type { FormReply } from "~/lib/forms";
import { loader as chatLoader } from "../chat/route";
import { action, loader } from "./route";

const app = setupTestApp();
const PATH = "/admin/chat/respuestas";
const STARTERS = ["Gracias", "Horario", "Precios de envío", "Saludo", "Seguimiento", "Tamaños de caja"];

const post = (user: StaffUser | null, fields: Record<string, string>) =>
  callRoute<FormReply>(action, formPost(PATH, fields), routeContext(app.services, user));
const page = (user: StaffUser | null, search = "") =>
  callRoute<{ replies: { title: string; mine: boolean }[]; canManageTeam: boolean; back: string }>(
    loader,
    new Request(`http://localhost${PATH}${search}`),
    routeContext(app.services, user),
  );

beforeAll(async () => {
  // Personal replies belong to real staff rows.
  await app.services.db
    .insert(staffUsers)
    .values([TEST_ADMIN, TEST_OPERADOR].map((u) => ({ ...u, passwordHash: "x" })))
    .onConflictDoNothing();
});

describe("saved replies: everyone's own, the team's managed by admins", () => {
  it("refuses visitors; an operador keeps replies of their own but cannot change the team's", async () => {
    expect((await page(null)).status).toBe(302);
    expect((await post(null, { intent: "reply-save", title: "Horario", body: "9" })).status).toBe(401);
    const team = await post(TEST_OPERADOR, {
      intent: "reply-save",
      scope: "team",
      title: "Horario",
      body: "Abrimos a las 9",
    });
    expect(team.status).toBe(403);
    expect(team.data.message).toMatchObject({
      description: expect.stringContaining("Solo un administrador"),
    });
    const mine = await post(TEST_OPERADOR, {
      intent: "reply-save",
      title: "Mi saludo",
      body: "Hola {nombre}, soy Op.",
    });
    expect(mine.data).toMatchObject({ ok: true, message: { description: "Respuesta agregada." } });
    // Their own first, then the team's starter replies (drizzle/0023_chat_context.sql).
    const listed = (await page(TEST_OPERADOR)).data;
    expect(listed.canManageTeam).toBe(false);
    expect(listed.replies.map((r) => [r.title, r.mine])).toEqual([
      ["Mi saludo", true],
      ...STARTERS.map((title) => [title, false]),
    ]);
    // Nobody else sees someone's own replies.
    expect((await listSavedReplies(app.services.db, TEST_ADMIN.id)).map((r) => r.title)).not.toContain(
      "Mi saludo",
    );
  });

  it("lets an admin add, edit and delete the team's, audited, with errors by the fields", async () => {
    const empty = await post(TEST_ADMIN, { intent: "reply-save", title: " ", body: "" });
    expect(empty.data.ok).toBe(false);
    expect(empty.data.result.error).toMatchObject({
      title: ["Escribe un título."],
      body: ["Escribe el texto de la respuesta."],
    });
    const added = await post(TEST_ADMIN, {
      intent: "reply-save",
      scope: "team",
      title: "Precio caja grande",
      body: "Hola {nombre}, la caja grande cuesta $85.",
    });
    expect(added.data).toMatchObject({ ok: true, message: { description: "Respuesta agregada." } });
    const reply = (await listSavedReplies(app.services.db, TEST_ADMIN.id)).find(
      (r) => r.title === "Precio caja grande",
    );
    expect(reply).toMatchObject({ mine: false });
    // An operador sees it but cannot delete it.
    expect((await listSavedReplies(app.services.db, TEST_OPERADOR.id)).map((r) => r.title)).toContain(
      "Precio caja grande",
    );
    expect((await post(TEST_OPERADOR, { intent: "reply-delete", id: reply?.id ?? "" })).status).toBe(403);
    const edited = await post(TEST_ADMIN, {
      intent: "reply-save",
      scope: "team",
      id: reply?.id ?? "",
      title: "Precio caja grande",
      body: "Hola {nombre}, la caja grande cuesta $90.",
    });
    expect(edited.data).toMatchObject({ ok: true, message: { description: "Respuesta actualizada." } });
    const deleted = await post(TEST_ADMIN, { intent: "reply-delete", id: reply?.id ?? "" });
    expect(deleted.data).toMatchObject({ ok: true, message: { description: "Respuesta eliminada." } });
    const again = await post(TEST_ADMIN, { intent: "reply-delete", id: reply?.id ?? "" });
    expect(again.data).toMatchObject({
      ok: false,
      message: { description: "No se pudo eliminar la respuesta: la respuesta ya no existe." },
    });
    const actions = (await app.services.db.select().from(auditLog))
      .filter((r) => r.action.startsWith("saved-reply.") && r.actorId === TEST_ADMIN.id)
      .map((r) => r.action);
    expect(actions).toEqual(["saved-reply.created", "saved-reply.updated", "saved-reply.deleted"]);
  });

  it("reaches staff of both roles through the inbox: their own and the team's", async () => {
    await post(TEST_ADMIN, {
      intent: "reply-save",
      scope: "team",
      title: "Horario",
      body: "Abrimos a las 9:00 AM",
    });
    const r = await callRoute<{ savedReplies: { title: string; mine: boolean }[] }>(
      chatLoader,
      new Request("http://localhost/admin/chat"),
      routeContext(app.services, TEST_OPERADOR),
    );
    expect(r.data.savedReplies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: "Mi saludo", mine: true }),
        expect.objectContaining({ title: "Horario", mine: false }),
      ]),
    );
  });

  it("gives the inbox the shop's values for the starter replies' placeholders", async () => {
    const r = await callRoute<{ replyVars: Record<string, string> | null }>(
      chatLoader,
      new Request("http://localhost/admin/chat"),
      routeContext(app.services, TEST_OPERADOR),
    );
    expect(r.data.replyVars).toMatchObject({
      precios: expect.stringContaining("• 20×20×20 pulgadas: $245"),
      cajas: expect.stringContaining("• 20×20×20 pulgadas (51×51×51 cm)"),
      horario: expect.stringContaining("Lunes a Viernes: 9:00 AM - 6:00 PM"),
      seguimiento: expect.stringMatching(/^https?:\/\/[^/]+\/seguimiento$/),
    });
  });

  it("'Volver al chat' goes back to the conversation it came from, and only to the inbox", async () => {
    const from = "/admin/chat?c=session_abc&filtro=mias";
    expect((await page(TEST_OPERADOR, `?volver=${encodeURIComponent(from)}`)).data.back).toBe(from);
    expect((await page(TEST_OPERADOR)).data.back).toBe("/admin/chat");
    for (const bad of ["https://evil.example/admin/chat", "//evil.example/admin/chat", "/admin/users"]) {
      expect((await page(TEST_OPERADOR, `?volver=${encodeURIComponent(bad)}`)).data.back).toBe("/admin/chat");
    }
  });
});
