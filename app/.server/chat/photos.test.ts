import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatTopic } from "../../lib/events";
import { chatMessages } from "../db/schema";
import { makeAgent, startConversation, withPhotoStorage } from "../testing/chat";
import { storedFiles, testPhoto } from "../testing/images";
import { setupTestDatabase, setupTestStorage } from "../testing/setup";
import { listMessages } from "./messages";
import { deleteConversation, setConversationStatus, staffSendPhoto } from "./staff";
import { DEFAULT_VISITOR_LIMITS, visitorSend } from "./visitor";

const db = setupTestDatabase({ bus: true });
const storage = setupTestStorage();
const deps = withPhotoStorage(db, storage);
const chatFiles = () => storedFiles(storage.root, `site-assets/chat/${new Date().toISOString().slice(0, 7)}`);
let ip = 0;
const send = (clientId: string, secret: string, image: Blob, clientMessageId = randomUUID(), message = "") =>
  visitorSend(deps, { clientId, clientMessageId, message, image }, secret, { ip: `10.9.0.${++ip}` });

describe("chat photos (ADR 0013)", () => {
  it("a visitor's photo is re-encoded as WebP with a thumbnail and shown once, even when sent twice", async () => {
    const { clientId, secret } = await startConversation(deps);
    const before = chatFiles().length;
    const id = randomUUID();
    const photo = await testPhoto({ width: 3000, height: 2000, format: "jpeg" });
    const first = await send(clientId, secret, photo, id, "La caja");
    expect(first.message.imageUrl).toMatch(/^\/files\/site-assets\/chat\/\d{4}-\d{2}\/[0-9a-f-]{36}\.webp$/);
    expect(first.message.message).toBe("La caja");
    // The answer was lost; the widget sends the same photo again with the same id.
    const again = await send(clientId, secret, photo, id, "La caja");
    expect(again.message.id).toBe(first.message.id);
    expect(again.created).toBe(false);
    const rows = await db.db.select().from(chatMessages).where(eq(chatMessages.clientId, clientId));
    expect(rows.filter((r) => r.imageUrl)).toHaveLength(1);
    // Main file and its 480 px thumbnail, nothing left over from the retry.
    expect(chatFiles().length - before).toBe(2);
  });

  it("refuses what is not a photo, too large, SVG or HEIC the browser did not convert, in Spanish", async () => {
    const { clientId, secret } = await startConversation(deps);
    const before = chatFiles().length;
    const refusal = (file: Blob) =>
      send(clientId, secret, file).then(
        () => null,
        (e) => e.reason as string,
      );
    expect(await refusal(new File([], "vacia.jpg", { type: "image/jpeg" }))).toBe("empty");
    expect(await refusal(new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "a.svg"))).toBe("svg");
    expect(await refusal(new File(["hola"], "a.jpg", { type: "image/jpeg" }))).toBe("not-an-image");
    expect(await refusal(await testPhoto({ format: "gif" }))).toBe("wrong-type");
    expect(await refusal(new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.jpg"))).toBe("too-large");
    // An HEIC file reaching the server (sharp here cannot decode it) is refused with the way out, not stored.
    const heic = new Uint8Array(64);
    heic.set(new TextEncoder().encode("\0\0\0\x18ftypheic\0\0\0\0mif1heic"), 0);
    expect(await refusal(new File([heic], "IMG_1.HEIC"))).toBe("heic");
    expect(chatFiles().length).toBe(before);
    expect(await listMessages(db.db, clientId, { forVisitor: true })).toHaveLength(1);
  });

  it("the same rate limit as text: per conversation", async () => {
    const { clientId, secret } = await startConversation(deps);
    const photo = await testPhoto({ width: 200, height: 200 });
    const limits = { ...DEFAULT_VISITOR_LIMITS, perConversation: 2, perAddress: 100, newPerAddress: 100 };
    const go = () =>
      visitorSend(deps, { clientId, clientMessageId: randomUUID(), message: "", image: photo }, secret, {
        ip: "10.9.9.9",
        limits,
      });
    await go();
    await expect(go()).rejects.toMatchObject({ kind: "rate_limited" });
  });

  it("a staff photo is stored once per browser id and reaches the visitor's stream", async () => {
    const agent = await makeAgent(deps, "Fotógrafa");
    const { clientId } = await startConversation(deps);
    const since = await db.bus.latestId();
    const input = {
      image: await testPhoto({ format: "png", width: 800, height: 600 }),
      message: "",
      clientMessageId: randomUUID(),
    };
    const a = await staffSendPhoto(deps, clientId, agent, input);
    const b = await staffSendPhoto(deps, clientId, agent, input);
    expect(b.id).toBe(a.id);
    expect(a.imageUrl).toMatch(/\.webp$/);
    const events = await db.bus.since([chatTopic(clientId)], since);
    expect(events.filter((e) => e.type === "chat.message")).toHaveLength(1);
    await expect(
      staffSendPhoto(deps, "session_1700000000000_nadie9", agent, {
        ...input,
        clientMessageId: randomUUID(),
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("deleting a conversation removes its photos from storage", async () => {
    const { clientId, secret } = await startConversation(deps);
    const agent = await makeAgent(deps);
    const before = chatFiles().length;
    await send(clientId, secret, await testPhoto({ format: "jpeg" }));
    await staffSendPhoto(deps, clientId, agent, {
      image: await testPhoto({ format: "png" }),
      message: "Así llegó",
      clientMessageId: randomUUID(),
    });
    expect(chatFiles().length - before).toBe(4);
    await setConversationStatus(deps, clientId, "resolved");
    await deleteConversation(deps, clientId);
    expect(chatFiles().length).toBe(before);
  });
});
