import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { action as inboxAction } from "../../routes/admin/chat/route";
import { action as messagesAction } from "../../routes/api/chat.messages";
import { startConversation } from "../testing/chat";
import { storedFiles, testPhoto } from "../testing/images";
import { callRoute, ownerOf, routeContext } from "../testing/routes";
import { setupTestApp } from "../testing/setup";
import { listMessages } from "./messages";

// A photo with a caption, either way (issue 41): one message with the picture and the caption as its
// text; the caption is checked like a message's text (trimmed, at most 1000 characters), and empty
// means no text.

const app = setupTestApp();
const chatFiles = () => {
  const root = (app.services.storage as { root?: string }).root ?? "";
  return storedFiles(root, `site-assets/chat/${new Date().toISOString().slice(0, 7)}`).length;
};
let ip = 0;
const TOO_LONG = "El mensaje es demasiado largo (máximo 1000 caracteres).";

/** The widget's multipart POST /api/chat/messages: the photo, its ids and the caption as `message`. */
async function visitorPhoto(clientId: string, secret: string, caption?: string) {
  const form = new FormData();
  form.set("clientId", clientId);
  form.set("clientMessageId", randomUUID());
  if (caption !== undefined) form.set("message", caption);
  form.set("image", await testPhoto({ width: 400, height: 300 }));
  return callRoute<{ message?: { message: string; imageUrl: string | null }; error?: string }>(
    messagesAction,
    new Request("http://localhost/api/chat/messages", {
      method: "POST",
      headers: { "x-chat-secret": secret },
      body: form,
    }),
    routeContext(app.services, null, `198.51.100.${++ip}`),
  );
}

/** The inbox's `photo` intent as the reply box posts it. */
async function staffPhoto(clientId: string, caption: string) {
  const form = new FormData();
  form.set("intent", "photo");
  form.set("clientId", clientId);
  form.set("clientMessageId", randomUUID());
  form.set("message", caption);
  form.set("image", await testPhoto({ format: "png", width: 400, height: 300 }));
  return callRoute<{ ok: boolean; message?: { description?: string } | null }>(
    inboxAction,
    new Request("http://localhost/admin/chat", { method: "POST", body: form }),
    routeContext(app.services, await ownerOf(app.services.db)),
  );
}

const photosOf = async (clientId: string) =>
  (await listMessages(app.services.db, clientId, { forVisitor: true }))
    .filter((m) => m.imageUrl)
    .map((m) => ({ sender: m.sender, message: m.message }));

describe("a visitor's photo with a caption", () => {
  it("is stored as one message: the picture, and the caption trimmed as its text", async () => {
    const { clientId, secret } = await startConversation(app.services);
    const r = await visitorPhoto(clientId, secret, "  Así llegó la caja  \n");
    expect(r.status).toBe(200);
    expect(r.data.message).toMatchObject({ message: "Así llegó la caja" });
    expect(r.data.message?.imageUrl).toMatch(/\.webp$/);
    expect(await photosOf(clientId)).toEqual([{ sender: "client", message: "Así llegó la caja" }]);
  });

  it("goes without a caption: empty, blank or left out is a photo with no text", async () => {
    const { clientId, secret } = await startConversation(app.services);
    for (const caption of ["", "   \n ", undefined]) {
      const r = await visitorPhoto(clientId, secret, caption);
      expect(r.status).toBe(200);
      expect(r.data.message?.message).toBe("");
    }
    expect(await photosOf(clientId)).toEqual(Array(3).fill({ sender: "client", message: "" }));
  });

  it("is refused with 400 in Spanish when the caption is over 1000 characters, and nothing is stored", async () => {
    const { clientId, secret } = await startConversation(app.services);
    const before = chatFiles();
    const r = await visitorPhoto(clientId, secret, "a".repeat(1001));
    expect(r).toMatchObject({ status: 400, data: { error: TOO_LONG } });
    expect(await photosOf(clientId)).toEqual([]);
    expect(chatFiles()).toBe(before);
    // 1000 characters (after trimming) are fine.
    expect((await visitorPhoto(clientId, secret, ` ${"b".repeat(1000)} `)).status).toBe(200);
  });
});

describe("a staff photo with a caption", () => {
  it("reaches the visitor as one message with the picture and the trimmed caption", async () => {
    const { clientId } = await startConversation(app.services);
    const r = await staffPhoto(clientId, " Tu caja, ya pesada ");
    expect(r).toMatchObject({ status: 200, data: { ok: true } });
    expect((await staffPhoto(clientId, "  ")).data.ok).toBe(true);
    expect(await photosOf(clientId)).toEqual([
      { sender: "admin", message: "Tu caja, ya pesada" },
      { sender: "admin", message: "" },
    ]);
  });

  it("is refused with 400 when the caption is too long, and nothing is stored", async () => {
    const { clientId } = await startConversation(app.services);
    const before = chatFiles();
    const r = await staffPhoto(clientId, "x".repeat(1001));
    expect(r.status).toBe(400);
    expect(r.data.ok).toBe(false);
    expect(await photosOf(clientId)).toEqual([]);
    expect(chatFiles()).toBe(before);
  });
});
