import { and, eq, isNotNull, sql } from "drizzle-orm";
import {
  type ChatMessageView,
  type ConversationStatus,
  type TypingSignal,
  visitorName,
} from "../../lib/chat";
import { chatTopic, TOPICS } from "../../lib/events";
import { audited } from "../audit/audit";
import type { Db } from "../db/client";
import { chatClients, chatMessages } from "../db/schema";
import type { Deps, FileDeps } from "../deps";
import { ConflictError, isUniqueViolation, NotFoundError } from "../errors";
import {
  conversationState,
  findByClientMessageId,
  lockConversation,
  messageColumns,
  toMessageView,
} from "./messages";
import { dropChatPhoto, storeChatPhoto } from "./photos";
import { cancelShopFollowUps } from "./shop-notices";

/** The staff side of conversations (docs/product.md §3.3, §4.3): list, read state, reply, manage. */

export type ConversationSummary = {
  clientId: string;
  clientName: string;
  customName: string | null;
  /** 'Visitante N' until the visitor leaves details (never the session id). */
  visitorNumber: number;
  /** The person behind it (ADR 0020): their contact's name, phone (E.164) and e-mail. */
  contactId: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  lastActive: string;
  unreadCount: number;
  status: ConversationStatus;
  assignment: { agentId: string; agentName: string; avatarUrl: string | null; assignedAt: string } | null;
};

/** Unread visitor messages of the open conversations: the staff frame's count on 'Mensajes'. */
export async function countUnread(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${chatClients.unreadCount}), 0)::int` })
    .from(chatClients)
    .where(and(eq(chatClients.isArchived, false), eq(chatClients.status, "open")));
  return Number(row?.n ?? 0);
}

async function requireConversation(db: Db, clientId: string, opts: { lock?: boolean } = {}) {
  const query = db
    .select({
      status: chatClients.status,
      customName: chatClients.customName,
      visitorNumber: chatClients.visitorNumber,
    })
    .from(chatClients)
    .where(eq(chatClients.clientId, clientId))
    .limit(1);
  const [row] = opts.lock ? await query.for("update") : await query;
  if (!row) throw new NotFoundError("conversation");
  return row;
}

/** The audit log's reference of a conversation: its client id and the name staff see. */
const about = (clientId: string, c: { customName: string | null; visitorNumber: number }) => ({
  entityId: clientId,
  target: c.customName ?? visitorName(c.visitorNumber),
});

async function announceClient(deps: Deps, clientId: string, action: "updated" | "deleted", visitor: boolean) {
  await deps.bus.publish(TOPICS.staff, "chat.client", { clientId, action });
  if (!visitor) return;
  if (action === "deleted") {
    await deps.bus.publish(chatTopic(clientId), "chat.deleted", {});
    return;
  }
  // A conversation deleted meanwhile has no state to show, nor anyone to show it to.
  const state = await conversationState(deps.db, clientId);
  if (state) await deps.bus.publish(chatTopic(clientId), "chat.state", state);
}

/** Opening a conversation marks its client messages read and sets unread to 0 (docs/product.md §4.3). */
export async function markRead(deps: Deps, clientId: string): Promise<void> {
  const changed = await deps.db.transaction(async (tx) => {
    await tx
      .update(chatMessages)
      .set({ isRead: true })
      .where(
        and(
          eq(chatMessages.clientId, clientId),
          eq(chatMessages.sender, "client"),
          eq(chatMessages.isRead, false),
        ),
      );
    return tx
      .update(chatClients)
      .set({ unreadCount: 0 })
      .where(and(eq(chatClients.clientId, clientId), sql`${chatClients.unreadCount} > 0`))
      .returning({ clientId: chatClients.clientId });
  });
  if (changed.length > 0) await announceClient(deps, clientId, "updated", false);
}

/**
 * A staff reply: stored with the agent, reopens the conversation (docs/product.md §4.3); the
 * first one is the conversation's first response (reports). A follow-up e-mail to the shop about
 * this conversation that was still waiting is dropped.
 */
export async function staffReply(
  deps: Deps,
  clientId: string,
  agent: { id: string; name: string },
  /** Already trimmed and checked by the reply form's schema (app/lib/chat-forms.ts). */
  text: string,
  now = new Date(),
  photo: { imageUrl: string; clientMessageId: string } | null = null,
): Promise<ChatMessageView> {
  const row = await deps.db.transaction(async (tx) => {
    await lockConversation(tx, clientId);
    const [inserted] = await tx
      .insert(chatMessages)
      .values({
        clientId,
        sender: "admin",
        message: text,
        timestamp: now,
        agentId: agent.id,
        agentName: agent.name,
        imageUrl: photo?.imageUrl ?? null,
        clientMessageId: photo?.clientMessageId ?? null,
      })
      .returning(messageColumns);
    await tx
      .update(chatClients)
      .set({
        status: "open",
        lastActive: now,
        resolvedAt: null,
        firstResponseAt: sql`coalesce(${chatClients.firstResponseAt}, ${now})`,
        firstResponseAgentId: sql`coalesce(${chatClients.firstResponseAgentId}, ${agent.id}::uuid)`,
      })
      .where(eq(chatClients.clientId, clientId));
    if (!inserted) throw new Error("message insert returned nothing");
    // The shop is answering: an e-mail about messages it already answered would only distract.
    await cancelShopFollowUps(tx, clientId);
    // Announced with the reply, in its transaction (the bus's outbox): a reply saved is never
    // answered as failed nor left unannounced when the database goes away right after.
    const state = await conversationState(tx, clientId);
    await deps.bus.stage(tx, [
      {
        topic: chatTopic(clientId),
        type: "chat.message",
        payload: { message: toMessageView(inserted, { forVisitor: true }), state },
      },
      {
        topic: TOPICS.staff,
        type: "chat.message",
        payload: { message: toMessageView(inserted, { forVisitor: false }), created: false },
      },
    ]);
    return inserted;
  });
  await deps.bus.deliver();
  return toMessageView(row, { forVisitor: false });
}

/**
 * A private note (ADR 0020): staff only, marked as such, on the staff stream alone — never on
 * the visitor's stream nor in their history (listMessages leaves notes out for visitors). It
 * changes nothing the visitor could notice (status, activity, unread).
 */
export async function addNote(
  deps: Deps,
  clientId: string,
  agent: { id: string; name: string },
  text: string,
  now = new Date(),
): Promise<ChatMessageView> {
  await requireConversation(deps.db, clientId);
  const [row] = await deps.db
    .insert(chatMessages)
    .values({
      clientId,
      sender: "note",
      message: text,
      timestamp: now,
      agentId: agent.id,
      agentName: agent.name,
    })
    .returning(messageColumns);
  if (!row) throw new Error("note insert returned nothing");
  const view = toMessageView(row, { forVisitor: false });
  await deps.bus.publish(TOPICS.staff, "chat.message", { message: view, created: false });
  return view;
}

/** 'Marcar como resuelta / abierta'; a resolution records when and by whom (reports). */
export async function setConversationStatus(
  deps: Deps,
  clientId: string,
  status: ConversationStatus,
  agentId: string | null = null,
  now = new Date(),
): Promise<void> {
  await audited(deps.db, deps.actor ?? null, async (tx) => {
    const before = await requireConversation(tx, clientId, { lock: true });
    const resolution =
      status === "resolved"
        ? before.status === "resolved"
          ? {}
          : { resolvedAt: now, resolvedByAgentId: agentId }
        : { resolvedAt: null };
    await tx
      .update(chatClients)
      .set({ status, ...resolution })
      .where(eq(chatClients.clientId, clientId));
    return {
      result: null,
      audit: {
        action: "conversation.status",
        ...about(clientId, before),
        changes: { status: [before.status, status] },
      },
    };
  });
  await announceClient(deps, clientId, "updated", true);
}

/** Rename: null (an empty name) shows the client id again (docs/product.md §4.3). */
export async function renameConversation(
  deps: Deps,
  clientId: string,
  name: string | null,
): Promise<string | null> {
  const customName = name?.trim() || null;
  await audited(deps.db, deps.actor ?? null, async (tx) => {
    const before = await requireConversation(tx, clientId, { lock: true });
    await tx.update(chatClients).set({ customName }).where(eq(chatClients.clientId, clientId));
    return {
      result: null,
      audit: {
        action: "conversation.renamed",
        ...about(clientId, { customName, visitorNumber: before.visitorNumber }),
        changes: { customName: [before.customName, customName] },
      },
    };
  });
  await announceClient(deps, clientId, "updated", false);
  return customName;
}

/** Delete is allowed only for a resolved conversation (docs/product.md §3.3); messages and assignments go with it. */
export async function deleteConversation(deps: FileDeps, clientId: string): Promise<void> {
  const photos = await audited(deps.db, deps.actor ?? null, async (tx) => {
    const before = await requireConversation(tx, clientId, { lock: true });
    if (before.status !== "resolved") throw new ConflictError("conversation-not-resolved");
    const withPhoto = await tx
      .select({ url: chatMessages.imageUrl })
      .from(chatMessages)
      .where(and(eq(chatMessages.clientId, clientId), isNotNull(chatMessages.imageUrl)));
    await tx.delete(chatClients).where(eq(chatClients.clientId, clientId));
    return {
      result: withPhoto.map((r) => r.url),
      audit: { action: "conversation.deleted", ...about(clientId, before) },
    };
  });
  await announceClient(deps, clientId, "deleted", true);
  // The photos go with it, once the rows are gone for good (a failed removal is logged, not thrown).
  for (const url of photos) await dropChatPhoto(deps, url);
}

/**
 * Typing (docs/product.md §4.3, ADR 0020): a live signal on the other side's stream, never
 * stored. Staff typing reaches the visitor's stream with the agent's name; a visitor's typing
 * reaches the staff stream (its secret was checked by the caller).
 */
export async function signalStaffTyping(deps: Deps, clientId: string, agentName: string | null) {
  const signal: TypingSignal = { clientId, typing: agentName !== null, name: agentName };
  await deps.bus.signal(chatTopic(clientId), "chat.typing", signal);
}

export async function signalVisitorTyping(deps: Deps, clientId: string, typing: boolean) {
  const signal: TypingSignal = { clientId, typing, name: null };
  await deps.bus.signal(TOPICS.staff, "chat.typing", signal);
}

/**
 * A staff photo (ADR 0013): stored through the upload path, then sent as a reply with the
 * caption. The browser's id for it makes a retry (a lost answer, a double click) store it once.
 */
export async function staffSendPhoto(
  deps: FileDeps,
  clientId: string,
  agent: { id: string; name: string },
  input: { image: Blob; message: string; clientMessageId: string },
  now = new Date(),
): Promise<ChatMessageView> {
  const existing = await findByClientMessageId(deps.db, clientId, input.clientMessageId);
  if (existing) return toMessageView(existing, { forVisitor: false });
  await requireConversation(deps.db, clientId);
  const imageUrl = await storeChatPhoto(deps, input.image, now);
  try {
    return await staffReply(deps, clientId, agent, input.message, now, {
      imageUrl,
      clientMessageId: input.clientMessageId,
    });
  } catch (err) {
    await dropChatPhoto(deps, imageUrl);
    const again =
      isUniqueViolation(err) && (await findByClientMessageId(deps.db, clientId, input.clientMessageId));
    if (again) return toMessageView(again, { forVisitor: false });
    throw err;
  }
}
