import { and, eq, exists, ilike, not, or, type SQL, sql } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import { INBOX_PAGE_SIZE, INBOX_SEARCH_MAX, type InboxFilter } from "../../lib/chat";
import type { ConversationRating } from "../../lib/chat-rating";
import type { PageCursor, PageLinks } from "../../lib/keyset";
import type { Db } from "../db/client";
import { keysetPage } from "../db/keyset";
import {
  chatAgents,
  chatClients,
  chatConversationAssignments,
  chatMessages,
  chatRatings,
  contacts,
} from "../db/schema";
import { activeAssignment } from "./messages";
import type { ConversationSummary } from "./staff";

/**
 * The inbox list (docs/product.md §3.3): one page of conversations of a filter, newest activity
 * first, searched over every conversation, with the counts of every filter. Pages are keyset
 * pages on (last_active, client_id), served by chat_clients_list_idx (migration 0007).
 */

export type InboxItem = ConversationSummary & {
  lastMessage: { text: string; sender: "client" | "admin" | "note" } | null;
  /** The visitor's answer to '¿Cómo te atendimos?' (issue 41), null until given. */
  rating: ConversationRating | null;
};

export type InboxPageQuery = {
  filter: InboxFilter;
  /** Whose conversations 'Mías' are: the signed-in staff member's chat agent. */
  agentId: string | null;
  q?: string;
  /** Conversations older than this one (the next page)... */
  after?: PageCursor | null;
  /** ...or newer than this one (the previous page). */
  before?: PageCursor | null;
  limit?: number;
};

export type InboxPage = { items: InboxItem[] } & PageLinks;

export type InboxCounts = Record<InboxFilter, number>;

const hasActiveAssignment = (agentId?: string) =>
  exists(
    sql`(select 1 from ${chatConversationAssignments} where ${chatConversationAssignments.clientId} = ${chatClients.clientId} and ${chatConversationAssignments.isActive}${agentId ? sql` and ${chatConversationAssignments.agentId} = ${agentId}` : sql``})`,
  );

/** The conditions of each filter, all of which must hold (every filter leaves archived conversations out). */
function filterConditions(filter: InboxFilter, agentId: string | null): SQL[] {
  const open = eq(chatClients.status, "open");
  switch (filter) {
    case "abiertas":
      return [open];
    case "mias":
      // No agent yet (the agent row could not be made): nothing is 'mine'.
      return agentId ? [open, hasActiveAssignment(agentId)] : [sql`false`];
    case "sin-asignar":
      return [open, not(hasActiveAssignment())];
    case "resueltas":
      return [eq(chatClients.status, "resolved")];
  }
}

/** LIKE's own characters in what people type match themselves. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Search by our name for them, their contact's name, e-mail or number, 'Visitante N' or the
 * session id: case-insensitive, anywhere in the text. Null when there is nothing to search for.
 *
 * The conversations found are gathered first, by a subquery of their own: each test there is
 * served by an index (the trigram indexes of schema.ts, the visitor number's), while the same
 * tests ORed into the list's own query, two of them through the contact, read every conversation
 * (docs/decisions/0024-staff-lists.md).
 */
function searchCondition(db: Db, q: string | undefined): SQL | null {
  const needle = (q ?? "").trim().slice(0, INBOX_SEARCH_MAX);
  if (!needle) return null;
  const pattern = `%${likeEscape(needle)}%`;
  const digits = needle.replace(/\D/g, "");
  const own = db
    .select({ id: chatClients.clientId })
    .from(chatClients)
    .where(
      or(
        ilike(chatClients.clientId, pattern),
        ilike(chatClients.customName, pattern),
        // 'Visitante 1042' or just '1042'.
        digits.length >= 1 && digits.length <= 9 ? eq(chatClients.visitorNumber, Number(digits)) : undefined,
      ),
    );
  const byContact = db
    .select({ id: chatClients.clientId })
    .from(contacts)
    .innerJoin(chatClients, eq(chatClients.contactId, contacts.id))
    .where(
      or(
        ilike(contacts.name, pattern),
        ilike(contacts.email, pattern),
        // A number as people type it ('8765 4321', '+505-8765'): its digits inside the stored E.164.
        digits.length >= 3 ? sql`${contacts.phone} like ${`%${digits}%`}` : undefined,
      ),
    );
  return sql`${chatClients.clientId} in (${union(own, byContact)})`;
}

const lastMessage = (column: "message" | "sender" | "image_url") =>
  sql<
    string | null
  >`(select ${sql.raw(column)} from ${chatMessages} m where m.client_id = ${chatClients.clientId} order by m.timestamp desc, m.id desc limit 1)`;

export async function listInboxPage(db: Db, query: InboxPageQuery): Promise<InboxPage> {
  const limit = Math.min(Math.max(query.limit ?? INBOX_PAGE_SIZE, 1), 200);
  const keys = keysetPage(chatClients.lastActive, chatClients.clientId, { ...query, limit });
  const conditions = [
    eq(chatClients.isArchived, false),
    ...filterConditions(query.filter, query.agentId),
    searchCondition(db, query.q),
    keys.where,
  ];
  const rows = await selectItems(db)
    .where(and(...conditions.filter((c): c is SQL => !!c)))
    .orderBy(...keys.orderBy)
    .limit(keys.fetch);
  return keys.page(rows.map(toItem), (i) => ({ at: i.lastActive, key: i.clientId }));
}

/** One conversation as the list shows it (the open one may be on another page). */
export async function inboxItem(db: Db, clientId: string): Promise<InboxItem | null> {
  const [row] = await selectItems(db).where(eq(chatClients.clientId, clientId)).limit(1);
  return row ? toItem(row) : null;
}

/**
 * How many conversations each filter holds (with the search, when there is one). Two small
 * queries rather than an EXISTS per conversation: the open and resolved ones by status, and the
 * open ones with an active assignment (at most one each: chat_assignments_one_active), all of
 * them and the agent's; 'Sin asignar' is the open ones less the assigned ones.
 */
export async function countInbox(
  db: Db,
  query: { agentId: string | null; q?: string },
): Promise<InboxCounts> {
  const search = searchCondition(db, query.q) ?? undefined;
  const [[byStatus], [assigned]] = await Promise.all([
    db
      .select({
        open: sql<number>`count(*) filter (where ${chatClients.status} = 'open')::int`,
        resolved: sql<number>`count(*) filter (where ${chatClients.status} = 'resolved')::int`,
      })
      .from(chatClients)
      .where(and(eq(chatClients.isArchived, false), search)),
    // Driven by the active assignments (a scalar subquery is never turned into a join): PGlite's
    // tables have no statistics, and the planner would walk every open conversation instead.
    db
      .select({
        all: sql<number>`count(*)::int`,
        mine: query.agentId
          ? sql<number>`count(*) filter (where ${chatConversationAssignments.agentId} = ${query.agentId})::int`
          : sql<number>`0`,
      })
      .from(chatConversationAssignments)
      .where(
        and(
          eq(chatConversationAssignments.isActive, true),
          sql`(select true from ${chatClients} where ${and(
            eq(chatClients.clientId, chatConversationAssignments.clientId),
            eq(chatClients.isArchived, false),
            eq(chatClients.status, "open"),
            search,
          )})`,
        ),
      ),
  ]);
  const open = Number(byStatus?.open ?? 0);
  const assignedOpen = Number(assigned?.all ?? 0);
  return {
    abiertas: open,
    mias: Number(assigned?.mine ?? 0),
    "sin-asignar": open - assignedOpen,
    resueltas: Number(byStatus?.resolved ?? 0),
  };
}

function selectItems(db: Db) {
  return db
    .select({
      clientId: chatClients.clientId,
      clientName: chatClients.clientName,
      customName: chatClients.customName,
      visitorNumber: chatClients.visitorNumber,
      contactId: chatClients.contactId,
      contactName: contacts.name,
      contactPhone: contacts.phone,
      contactEmail: contacts.email,
      lastActive: chatClients.lastActive,
      unreadCount: chatClients.unreadCount,
      status: chatClients.status,
      agentId: chatConversationAssignments.agentId,
      assignedAt: chatConversationAssignments.assignedAt,
      agentName: chatAgents.name,
      avatarUrl: chatAgents.avatarUrl,
      lastText: lastMessage("message"),
      lastSender: lastMessage("sender"),
      lastImage: lastMessage("image_url"),
      rating: chatRatings.rating,
      ratingComment: chatRatings.comment,
      ratedAt: chatRatings.createdAt,
    })
    .from(chatClients)
    .leftJoin(chatConversationAssignments, activeAssignment)
    .leftJoin(chatAgents, eq(chatAgents.id, chatConversationAssignments.agentId))
    .leftJoin(contacts, eq(contacts.id, chatClients.contactId))
    .leftJoin(chatRatings, eq(chatRatings.clientId, chatClients.clientId))
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof selectItems>>[number];

function toItem(r: Row): InboxItem {
  return {
    clientId: r.clientId,
    clientName: r.clientName,
    customName: r.customName,
    visitorNumber: r.visitorNumber,
    contactId: r.contactId,
    contactName: r.contactName,
    contactPhone: r.contactPhone,
    contactEmail: r.contactEmail,
    lastActive: new Date(r.lastActive).toISOString(),
    unreadCount: r.unreadCount,
    status: r.status,
    assignment:
      r.agentId && r.assignedAt && r.agentName
        ? {
            agentId: r.agentId,
            agentName: r.agentName,
            avatarUrl: r.avatarUrl,
            assignedAt: new Date(r.assignedAt).toISOString(),
          }
        : null,
    lastMessage:
      r.lastText !== null
        ? {
            text: r.lastText || (r.lastImage ? "📷 Foto" : ""),
            sender: r.lastSender === "admin" || r.lastSender === "note" ? r.lastSender : "client",
          }
        : null,
    rating:
      r.rating && r.ratedAt
        ? { rating: r.rating, comment: r.ratingComment, createdAt: new Date(r.ratedAt).toISOString() }
        : null,
  };
}
