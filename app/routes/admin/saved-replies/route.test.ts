import { describe, expect, it } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { listSavedReplies } from "~/.server/chat/saved-replies";
import { auditLog } from "~/.server/db/schema";
import { callRoute, formPost, routeContext, TEST_ADMIN, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import type { FormReply } from "~/lib/forms";
import { loader as chatLoader } from "../chat/route";
import { action, loader } from "./route";

const app = setupTestApp();
const PATH = "/admin/chat/respuestas";

const post = (user: StaffUser | null, fields: Record<string, string>) =>
  callRoute<FormReply>(action, formPost(PATH, fields), routeContext(app.services, user));
const page = (user: StaffUser | null) =>
  callRoute<{ replies: unknown[] }>(
    loader,
    new Request(`http://localhost${PATH}`),
    routeContext(app.services, user),
  );

describe("saved replies (admins manage, staff insert)", () => {
  it("refuses visitors and operadores on the server", async () => {
    expect((await page(null)).status).toBe(302);
    // An operador's page request goes back to the inbox (the guard's way for pages).
    expect((await page(TEST_OPERADOR)).status).toBe(302);
    const fields = { intent: "reply-save", title: "Horario", body: "Abrimos a las 9" };
    expect((await post(null, fields)).status).toBe(401);
    expect((await post(TEST_OPERADOR, fields)).status).toBe(403);
    expect(await listSavedReplies(app.services.db)).toHaveLength(0);
  });

  it("lets an admin add, edit and delete, audited, with errors by the fields", async () => {
    const empty = await post(TEST_ADMIN, { intent: "reply-save", title: " ", body: "" });
    expect(empty.data.ok).toBe(false);
    expect(empty.data.result.error).toMatchObject({
      title: ["Escribe un título."],
      body: ["Escribe el texto de la respuesta."],
    });
    const added = await post(TEST_ADMIN, {
      intent: "reply-save",
      title: "Precio caja grande",
      body: "Hola {nombre}, la caja grande cuesta $85.",
    });
    expect(added.data).toMatchObject({ ok: true, message: { description: "Respuesta agregada." } });
    const [reply] = await listSavedReplies(app.services.db);
    expect(reply).toMatchObject({
      title: "Precio caja grande",
      body: "Hola {nombre}, la caja grande cuesta $85.",
    });
    const edited = await post(TEST_ADMIN, {
      intent: "reply-save",
      id: reply?.id ?? "",
      title: "Precio caja grande",
      body: "Hola {nombre}, la caja grande cuesta $90.",
    });
    expect(edited.data).toMatchObject({ ok: true, message: { description: "Respuesta actualizada." } });
    expect((await listSavedReplies(app.services.db))[0]?.body).toContain("$90");
    expect((await page(TEST_ADMIN)).data.replies).toHaveLength(1);
    const deleted = await post(TEST_ADMIN, { intent: "reply-delete", id: reply?.id ?? "" });
    expect(deleted.data).toMatchObject({ ok: true, message: { description: "Respuesta eliminada." } });
    expect(await listSavedReplies(app.services.db)).toHaveLength(0);
    const again = await post(TEST_ADMIN, { intent: "reply-delete", id: reply?.id ?? "" });
    expect(again.data).toMatchObject({
      ok: false,
      message: { description: "No se pudo eliminar la respuesta: la respuesta ya no existe." },
    });
    const actions = (await app.services.db.select().from(auditLog))
      .filter((r) => r.action.startsWith("saved-reply."))
      .map((r) => [r.action, r.actorId]);
    expect(actions).toEqual([
      ["saved-reply.created", TEST_ADMIN.id],
      ["saved-reply.updated", TEST_ADMIN.id],
      ["saved-reply.deleted", TEST_ADMIN.id],
    ]);
  });

  it("reaches staff of both roles through the inbox, with who may manage them", async () => {
    await post(TEST_ADMIN, { intent: "reply-save", title: "Horario", body: "Abrimos a las 9:00 AM" });
    for (const [user, manage] of [
      [TEST_OPERADOR, false],
      [TEST_ADMIN, true],
    ] as const) {
      const r = await callRoute<{ savedReplies: { title: string }[]; canManageReplies: boolean }>(
        chatLoader,
        new Request("http://localhost/admin/chat"),
        routeContext(app.services, user),
      );
      expect(r.data.savedReplies.map((s) => s.title)).toEqual(["Horario"]);
      expect(r.data.canManageReplies).toBe(manage);
    }
  });
});
