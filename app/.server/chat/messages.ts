import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { ChatMessageView, VisitorConversationState } from "../../lib/chat";
import type { Db } from "../db/client";
import { chatClients, chatConversationAssignments, chatMessages, chatRatings, contacts } from "../db/schema";
import { NotFoundError } from "../errors";

/** Reading messages and a conversation's live state: shared by the visitor and staff sides. */

/** Join condition: the conversation's active assignment (at most one, by a partial unique index). */
export const activeAssignment = and(
  eq(chatConversationAssignments.clientId, chatClients.clientId),
  eq(chatConversationAssignments.isActive, true),
);

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Locks the conversation's row for the rest of the transaction, so concurrent replies and
 * assignments queue up; NotFoundError("conversation") when it does not exist.
 */
export async function lockConversation(tx: Tx, clientId: string): Promise<void> {
  const [conv] = await tx
    .select({ clientId: chatClients.clientId })
    .from(chatClients)
    .where(eq(chatClients.clientId, clientId))
    .for("update");
  if (!conv) throw new NotFoundError("conversation");
}

export const messageColumns = {
  id: chatMessages.id,
  clientId: chatMessages.clientId,
  sender: chatMessages.sender,
  message: chatMessages.message,
  timestamp: chatMessages.timestamp,
  agentName: chatMessages.agentName,
  clientMessageId: chatMessages.clientMessageId,
  imageUrl: chatMessages.imageUrl,
};
export type MessageRow = {
  id: string;
  clientId: string;
  sender: "client" | "admin" | "note";
  message: string;
  timestamp: Date;
  agentName: string | null;
  clientMessageId: string | null;
  imageUrl: string | null;
};

/** Staff never see the visitor's client message id; the visitor's own stream does. */
export function toMessageView(row: MessageRow, opts: { forVisitor: boolean }): ChatMessageView {
  return {
    id: row.id,
    clientId: row.clientId,
    sender: row.sender,
    message: row.message,
    timestamp: row.timestamp.toISOString(),
    agentName: row.agentName,
    imageUrl: row.imageUrl,
    ...(opts.forVisitor ? { clientMessageId: row.clientMessageId } : {}),
  };
}

export const MESSAGE_HISTORY_LIMIT = 500;

/**
 * Messages of one conversation, oldest first (docs/product.md §4.3): the newest `limit` of them.
 * A visitor's read never includes staff notes.
 */
export async function listMessages(
  db: Db,
  clientId: string,
  opts: { forVisitor: boolean; limit?: number },
): Promise<ChatMessageView[]> {
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .where(
      and(eq(chatMessages.clientId, clientId), opts.forVisitor ? ne(chatMessages.sender, "note") : undefined),
    )
    .orderBy(desc(chatMessages.timestamp), desc(chatMessages.id))
    .limit(opts.limit ?? MESSAGE_HISTORY_LIMIT);
  return rows.reverse().map((r) => toMessageView(r, opts));
}

export async function findByClientMessageId(db: Db, clientId: string, clientMessageId: string) {
  const [row] = await db
    .select(messageColumns)
    .from(chatMessages)
    .where(and(eq(chatMessages.clientId, clientId), eq(chatMessages.clientMessageId, clientMessageId)))
    .limit(1);
  return row ?? null;
}

/** True when `messageId` is the conversation's first message (the one that created it). */
export async function isFirstMessage(db: Db, clientId: string, messageId: string): Promise<boolean> {
  const [first] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.clientId, clientId))
    .orderBy(asc(chatMessages.timestamp), asc(chatMessages.id))
    .limit(1);
  return first?.id === messageId;
}

/**
 * The conversation state the widget shows (status, assigned agent, whether staff know who it is,
 * whether it asks '¿Cómo te atendimos?').
 */
export async function conversationState(db: Db, clientId: string): Promise<VisitorConversationState | null> {
  const [row] = await db
    .select({
      status: chatClients.status,
      resolvedAt: chatClients.resolvedAt,
      contactId: chatClients.contactId,
      assignedAgentId: chatConversationAssignments.agentId,
      email: sql<string | null>`coalesce(${contacts.email}, ${contacts.claimedEmail})`,
      rating: chatRatings.rating,
    })
    .from(chatClients)
    .leftJoin(chatConversationAssignments, activeAssignment)
    .leftJoin(contacts, eq(contacts.id, chatClients.contactId))
    .leftJoin(chatRatings, eq(chatRatings.clientId, chatClients.clientId))
    .where(eq(chatClients.clientId, clientId))
    .limit(1);
  if (!row) return null;
  return {
    status: row.status,
    resolvedAt: row.status === "resolved" ? (row.resolvedAt?.toISOString() ?? null) : null,
    assignedAgentId: row.assignedAgentId ?? null,
    hasContact: row.contactId !== null,
    hasEmail: !!row.email,
    rating: row.rating ?? null,
    // Asked once per conversation (issue 41): after a resolution, until answered.
    ratingDue: row.status === "resolved" && !row.rating,
  };
}

/** Unread client messages of a conversation (used by tests and the read marker). */
export async function countUnreadClientMessages(db: Db, clientId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.clientId, clientId),
        eq(chatMessages.sender, "client"),
        eq(chatMessages.isRead, false),
      ),
    );
  return Number(row?.n ?? 0);
}
