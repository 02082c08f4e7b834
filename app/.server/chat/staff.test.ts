import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversationStatusSchema, replySchema } from "../../lib/chat-forms";
import { chatClients, chatConversationAssignments, chatMessages } from "../db/schema";
import { DomainError } from "../errors";
import { makeAgent, startConversation, withPhotoStorage } from "../testing/chat";
import { setupTestDatabase, setupTestStorage } from "../testing/setup";
import { assignConversation } from "./assignment";
import { listInboxPage } from "./inbox-list";
import { conversationState, countUnreadClientMessages, listMessages } from "./messages";
import {
  deleteConversation,
  markRead,
  renameConversation,
  staffReply as saveReply,
  setConversationStatus,
  signalStaffTyping,
} from "./staff";
import { visitorSend } from "./visitor";

const deps = setupTestDatabase({ bus: true });
const storage = setupTestStorage();
const withFiles = withPhotoStorage(deps, storage);

/** A reply as the inbox's form sends it, through its schema. */
const staffReply = (d: typeof deps, clientId: string, agent: { id: string; name: string }, message: string) =>
  saveReply(d, clientId, agent, replySchema.parse({ clientId, message }).message);
const conv = async (clientId: string) =>
  (await deps.db.select().from(chatClients).where(eq(chatClients.clientId, clientId)))[0];
const more = (clientId: string, secret: string, message: string) =>
  visitorSend(deps, { clientId, clientMessageId: randomUUID(), message }, secret, { ip: "2.2.2.2" });
const statusOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 200;
  } catch (e) {
    if (e instanceof DomainError) return e.status;
    throw e;
  }
};

describe("staff inbox rules", () => {
  it("counts unread client messages and marks them all read when the conversation is opened", async () => {
    const { clientId, secret } = await startConversation(deps);
    await more(clientId, secret, "¿Hola?");
    await more(clientId, secret, "¿Alguien?");
    expect((await conv(clientId))?.unreadCount).toBe(3);
    expect(await countUnreadClientMessages(deps.db, clientId)).toBe(3);
    await markRead(deps, clientId);
    expect((await conv(clientId))?.unreadCount).toBe(0);
    expect(await countUnreadClientMessages(deps.db, clientId)).toBe(0);
    await more(clientId, secret, "Gracias");
    expect((await conv(clientId))?.unreadCount).toBe(1);
  });

  it("a staff reply is stored with the agent, reopens a resolved conversation and is its first response", async () => {
    const agent = await makeAgent(deps, "Ana López");
    const { clientId } = await startConversation(deps);
    await setConversationStatus(deps, clientId, "resolved", agent.id);
    expect((await conv(clientId))?.resolvedByAgentId).toBe(agent.id);
    const reply = await staffReply(deps, clientId, agent, "  Sí, enviamos a Managua.  ");
    expect(reply).toMatchObject({
      sender: "admin",
      message: "Sí, enviamos a Managua.",
      agentName: "Ana López",
    });
    expect(reply).not.toHaveProperty("clientMessageId");
    const state = await conversationState(deps.db, clientId);
    expect(state).toMatchObject({ status: "open", resolvedAt: null });
    expect(await conv(clientId)).toMatchObject({ firstResponseAgentId: agent.id, resolvedAt: null });
    const [row] = await deps.db.select().from(chatMessages).where(eq(chatMessages.id, reply.id));
    expect(row?.agentId).toBe(agent.id);
    expect(replySchema.safeParse({ clientId, message: "   " }).error?.issues[0]?.message).toBe(
      "Escribe un mensaje antes de enviarlo.",
    );
    expect(await statusOf(staffReply(deps, "session_1700000000000_nadie1", agent, "hola"))).toBe(404);
  });

  it("typing is a live signal on the visitor's stream, never stored", async () => {
    const { clientId } = await startConversation(deps);
    const heard: unknown[] = [];
    const stop = deps.bus.subscribe((e) => heard.push(e));
    const before = await deps.bus.latestId();
    await signalStaffTyping(deps, clientId, "Ana");
    await signalStaffTyping(deps, clientId, null);
    stop();
    expect(heard).toEqual([
      expect.objectContaining({
        topic: `chat:${clientId}`,
        type: "chat.typing",
        signal: true,
        payload: { clientId, typing: true, name: "Ana" },
      }),
      expect.objectContaining({ payload: { clientId, typing: false, name: null } }),
    ]);
    // Nothing written: no event row (so nothing is replayed), no column on the conversation.
    expect(await deps.bus.latestId()).toBe(before);
    expect(Object.keys((await conv(clientId)) ?? {}).some((k) => /typing/i.test(k))).toBe(false);
  });

  it("renames with a trimmed name, and an empty name is stored as null", async () => {
    const { clientId } = await startConversation(deps);
    expect(await renameConversation(deps, clientId, "  Doña Marta  ")).toBe("Doña Marta");
    expect((await conv(clientId))?.customName).toBe("Doña Marta");
    expect(await renameConversation(deps, clientId, "   ")).toBeNull();
    expect((await conv(clientId))?.customName).toBeNull();
    expect(await renameConversation(deps, clientId, null)).toBeNull();
  });

  it("deletes only resolved conversations, with their messages and assignments", async () => {
    const agent = await makeAgent(deps);
    const { clientId } = await startConversation(deps);
    await assignConversation(deps, clientId, agent.id);
    expect(await statusOf(deleteConversation(withFiles, clientId))).toBe(409);
    expect(await conv(clientId)).toBeTruthy();
    await setConversationStatus(deps, clientId, "resolved");
    await deleteConversation(withFiles, clientId);
    expect(await conv(clientId)).toBeUndefined();
    expect(await listMessages(deps.db, clientId, { forVisitor: false })).toEqual([]);
    const left = await deps.db
      .select()
      .from(chatConversationAssignments)
      .where(eq(chatConversationAssignments.clientId, clientId));
    expect(left).toEqual([]);
    expect(await statusOf(deleteConversation(withFiles, clientId))).toBe(404);
  });

  it("lists conversations newest activity first, hides archived ones, shows the assignment", async () => {
    const agent = await makeAgent(deps, "Beto");
    const a = await startConversation(deps, "primero");
    const b = await startConversation(deps, "segundo");
    const archived = await startConversation(deps, "archivado");
    await deps.db
      .update(chatClients)
      .set({ isArchived: true })
      .where(eq(chatClients.clientId, archived.clientId));
    await assignConversation(deps, a.clientId, agent.id);
    await more(a.clientId, a.secret, "vuelvo a escribir");
    const list = (await listInboxPage(deps.db, { filter: "abiertas", agentId: agent.id })).items;
    const ids = list.map((c) => c.clientId);
    expect(ids.indexOf(a.clientId)).toBeLessThan(ids.indexOf(b.clientId));
    expect(ids).not.toContain(archived.clientId);
    expect(list.find((c) => c.clientId === a.clientId)?.assignment).toMatchObject({
      agentId: agent.id,
      agentName: "Beto",
    });
    expect(list.find((c) => c.clientId === b.clientId)?.assignment).toBeNull();
  });

  it("refuses an unknown status", async () => {
    const { clientId } = await startConversation(deps);
    expect(conversationStatusSchema.safeParse({ clientId, status: "archivada" }).success).toBe(false);
  });
});
