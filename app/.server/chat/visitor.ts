import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import {
  type ChatMessageView,
  displayName,
  type PresenceView,
  type VisitorConversationState,
  type VisitorSendValues,
} from "../../lib/chat";
import { contactIdForKey } from "../contacts/contacts";
import { type Db, rowsOf } from "../db/client";
import { chatClients, chatMessages, contacts } from "../db/schema";
import { ForbiddenError, isUniqueViolation, NotFoundError } from "../errors";
import { enforceRateLimits, type RateHit } from "../ratelimit";
import { onlineAgents } from "./agents";
import { type ChatDeps, chatTopic, STAFF_TOPIC } from "./events";
import {
  conversationState,
  findByClientMessageId,
  isFirstMessage,
  listMessages,
  type MessageRow,
  messageColumns,
  toMessageView,
} from "./messages";
import { dropChatPhoto, type PhotoDeps, storeChatPhoto } from "./photos";
import { hashSecret, newSecret, secretMatches } from "./secret";

function requirePhotoDeps(deps: Partial<PhotoDeps>): PhotoDeps {
  if (!deps.storage || !deps.logger) throw new Error("sending a photo needs storage and a logger");
  return { storage: deps.storage, logger: deps.logger };
}

/**
 * Visitor limits: messages per conversation and per address (a minute), new conversations per
 * address, and photo kilobytes per hour per conversation, per address and in all (the disk a
 * stranger may fill: CHAT_PHOTO_MB_* settings).
 */
export type VisitorLimits = {
  perConversation: number;
  perAddress: number;
  newPerAddress: number;
  photoKbPerConversation: number;
  photoKbPerAddress: number;
  photoKbPerHour: number;
};
export const DEFAULT_VISITOR_LIMITS: VisitorLimits = {
  perConversation: 20,
  perAddress: 60,
  newPerAddress: 20,
  photoKbPerConversation: 30 * 1024,
  photoKbPerAddress: 60 * 1024,
  photoKbPerHour: 1000 * 1024,
};

/** The visitor limits with the photo quotas of the settings (megabytes per hour). */
export function visitorLimitsFrom(config: {
  CHAT_PHOTO_MB_PER_CONVERSATION: number;
  CHAT_PHOTO_MB_PER_ADDRESS: number;
  CHAT_PHOTO_MB_PER_HOUR: number;
}): VisitorLimits {
  return {
    ...DEFAULT_VISITOR_LIMITS,
    photoKbPerConversation: Math.round(config.CHAT_PHOTO_MB_PER_CONVERSATION * 1024),
    photoKbPerAddress: Math.round(config.CHAT_PHOTO_MB_PER_ADDRESS * 1024),
    photoKbPerHour: Math.round(config.CHAT_PHOTO_MB_PER_HOUR * 1024),
  };
}

/**
 * A lost response to the very first send leaves the browser without its secret. Retrying that
 * same first message (same random client message id) within this window issues a new one.
 */
const BOOTSTRAP_RETRY_MS = 15 * 60_000;

export type Access = "ok" | "not_found" | "forbidden";

/** Whether `secret` opens this conversation (every visitor read, write and stream checks this). */
export async function checkAccess(
  db: Db,
  clientId: string,
  secret: string | null | undefined,
): Promise<Access> {
  const [row] = await db
    .select({ hash: chatClients.secretHash })
    .from(chatClients)
    .where(eq(chatClients.clientId, clientId))
    .limit(1);
  if (!row) return "not_found";
  return secretMatches(secret, row.hash) ? "ok" : "forbidden";
}

export type VisitorSnapshot = {
  state: VisitorConversationState;
  messages: ChatMessageView[];
  presence: PresenceView;
};

/** Everything the widget shows, for catch-up after a reload or a reconnect. */
export async function visitorSnapshot(
  db: Db,
  clientId: string,
  secret: string | null | undefined,
): Promise<VisitorSnapshot> {
  const access = await checkAccess(db, clientId, secret);
  if (access === "not_found") throw new NotFoundError("conversation");
  if (access === "forbidden") throw new ForbiddenError("conversation-secret");
  const [state, messages, presence] = await Promise.all([
    conversationState(db, clientId),
    listMessages(db, clientId, { forVisitor: true }),
    onlineAgents(db),
  ]);
  if (!state) throw new NotFoundError("conversation");
  return { state, messages, presence };
}

/**
 * A visitor sends a message (docs/product.md §4.3). The first message creates the conversation
 * and returns its secret; later ones need it. Duplicates are rejected here: a retry with the
 * same client message id (one per message, made in the browser) is stored only once.
 */
export async function visitorSend(
  deps: ChatDeps & Partial<PhotoDeps>,
  input: VisitorSendValues,
  secret: string | null | undefined,
  opts: {
    ip: string;
    limits?: VisitorLimits;
    now?: Date;
    /** The browser's contact key (it left details before): a new conversation joins that contact. */
    contactKey?: string | null;
  },
): Promise<{ message: ChatMessageView; secret?: string; created: boolean }> {
  const { clientId, clientMessageId, message, image } = input;
  const { db } = deps;
  const limits = opts.limits ?? DEFAULT_VISITOR_LIMITS;
  const now = opts.now ?? new Date();

  const client = await readConversation(db, clientId, clientMessageId);
  if (client) {
    const { existing } = client;
    if (secretMatches(secret, client.hash)) {
      if (existing) return { message: toMessageView(existing, { forVisitor: true }), created: false };
    } else {
      const bootstrap =
        existing &&
        now.getTime() - client.createdAt.getTime() < BOOTSTRAP_RETRY_MS &&
        (await isFirstMessage(db, clientId, existing.id));
      if (!bootstrap) throw new ForbiddenError("conversation-secret");
      const fresh = newSecret();
      await db
        .update(chatClients)
        .set({ secretHash: hashSecret(fresh) })
        .where(eq(chatClients.clientId, clientId));
      return { message: toMessageView(existing, { forVisitor: true }), secret: fresh, created: false };
    }
  }

  // Per-address limits first: a refused request must not leave a row per made-up conversation id.
  // Only a new conversation counts against the new-conversations limit (0: not counted). A photo
  // counts its size, in kilobytes, against the hourly photo quotas (0: not counted), before sharp
  // spends any work on it.
  const photoKb = image ? Math.ceil(image.size / 1024) : 0;
  const photoQuota = (scope: RateHit["scope"], subject: string, limit: number): RateHit => ({
    scope,
    subject,
    limit: image ? limit : 0,
    windowSeconds: 3600,
    cost: photoKb,
  });
  await enforceRateLimits(
    db,
    [
      { scope: "chat-address", subject: opts.ip, limit: limits.perAddress, windowSeconds: 60 },
      photoQuota("chat-photo-address", opts.ip, limits.photoKbPerAddress),
      {
        scope: "chat-new-address",
        subject: opts.ip,
        limit: client ? 0 : limits.newPerAddress,
        windowSeconds: 3600,
      },
      photoQuota("chat-photo-all", "all", limits.photoKbPerHour),
      { scope: "chat-conversation", subject: clientId, limit: limits.perConversation, windowSeconds: 60 },
      photoQuota("chat-photo-conversation", clientId, limits.photoKbPerConversation),
    ],
    now,
  );

  // A photo is checked and stored before the message row; a row that is not written drops it.
  const photos = image ? requirePhotoDeps(deps) : null;
  const imageUrl = photos && image ? await storeChatPhoto(photos, image, now) : null;
  const issued = client ? undefined : newSecret();
  // The whole write is one statement (no transaction to open and commit): the message with its
  // conversation's new state, and what the events below need of the conversation.
  const row: MessageRow = {
    id: randomUUID(),
    clientId,
    sender: "client",
    message,
    timestamp: now,
    agentName: null,
    clientMessageId,
    imageUrl,
  };
  const written = await (issued
    ? createConversation(db, row, hashSecret(issued), opts.contactKey)
    : countClientMessage(db, row)
  ).catch(async (err) => {
    if (photos) await dropChatPhoto(photos, imageUrl);
    // The same message raced itself (double submit): the first one was stored and announced.
    if (!isUniqueViolation(err)) throw err;
    const again = await findByClientMessageId(db, clientId, clientMessageId);
    if (!again) throw err;
    return { duplicate: again };
  });
  if ("duplicate" in written)
    return { message: toMessageView(written.duplicate, { forVisitor: true }), created: false };

  const view = toMessageView(row, { forVisitor: true });
  const state = written.statusBefore === "resolved" ? await conversationState(db, clientId) : null;
  await deps.bus.publishAll([
    { topic: chatTopic(clientId), type: "chat.message", payload: { message: view, state } },
    {
      topic: STAFF_TOPIC,
      type: "chat.message",
      // The name staff see (alerts come before the list knows a new conversation).
      payload: {
        message: toMessageView(row, { forVisitor: false }),
        created: !!issued,
        name: displayName(written),
      },
    },
  ]);
  return { message: view, secret: issued, created: !!issued };
}

/**
 * The conversation's secret and creation time, with the message already stored under this
 * client message id (null when none is): one query.
 */
async function readConversation(db: Db, clientId: string, clientMessageId: string) {
  const [row] = await db
    .select({ hash: chatClients.secretHash, createdAt: chatClients.createdAt, existing: messageColumns })
    .from(chatClients)
    .leftJoin(
      chatMessages,
      and(eq(chatMessages.clientId, chatClients.clientId), eq(chatMessages.clientMessageId, clientMessageId)),
    )
    .where(eq(chatClients.clientId, clientId))
    .limit(1);
  return row ?? null;
}

/** What a message's write answers: the conversation's name parts and its status before it. */
type Written = {
  customName: string | null;
  visitorNumber: number;
  contactName: string | null;
  statusBefore: "open" | "resolved" | null;
};

const insertMessage = sql`insert into ${chatMessages}
  ("id", "client_id", "sender", "message", "timestamp", "client_message_id", "image_url")`;
const messageValues = (row: MessageRow) =>
  sql`${row.id}::uuid, ${row.clientId}, ${row.sender}, ${row.message}, ${row.timestamp.toISOString()}::timestamptz,
    ${row.clientMessageId}, ${row.imageUrl}`;

/** The one row of a write's answer; `none` is thrown when there is none. */
function writtenRow(result: unknown, none: Error): Written {
  const [r] = rowsOf<{
    custom_name: string | null;
    visitor_number: number | string;
    contact_name: string | null;
    status_before: "open" | "resolved" | null;
  }>(result);
  if (!r) throw none;
  return {
    customName: r.custom_name,
    visitorNumber: Number(r.visitor_number),
    contactName: r.contact_name,
    statusBefore: r.status_before,
  };
}

/**
 * A new conversation, open with this one unread message, joined to the contact of the browser's
 * key: one statement. Refused when the conversation already exists: someone made it between our
 * read and now, and this request holds no valid secret.
 */
async function createConversation(
  db: Db,
  row: MessageRow,
  secretHash: string,
  contactKey: string | null | undefined,
): Promise<Written> {
  const now = row.timestamp.toISOString();
  return writtenRow(
    await db.execute(sql`with made as (
        insert into ${chatClients} ("client_id", "secret_hash", "last_active", "created_at", "unread_count", "contact_id")
        values (${row.clientId}, ${secretHash}, ${now}::timestamptz, ${now}::timestamptz, 1, ${contactIdForKey(contactKey)})
        on conflict do nothing
        returning "visitor_number", "contact_id"
      ), message as (
        ${insertMessage} select ${messageValues(row)} from made
      )
      select null as custom_name, made.visitor_number, ${contacts.name} as contact_name, null as status_before
      from made left join ${contacts} on ${contacts.id} = made.contact_id`),
    new ForbiddenError("conversation-secret"),
  );
}

/**
 * One more unread message from the visitor: the message is stored, the conversation is active now
 * and open again (a customer writing again needs attention, ADR 0003). One statement, which locks
 * the conversation's row and answers its status before this change.
 */
async function countClientMessage(db: Db, row: MessageRow): Promise<Written> {
  return writtenRow(
    await db.execute(sql`with before as (
        select "status" from ${chatClients} where "client_id" = ${row.clientId} for update
      ), counted as (
        update ${chatClients} set "unread_count" = "unread_count" + 1,
          "last_active" = ${row.timestamp.toISOString()}::timestamptz, "status" = 'open', "resolved_at" = null
        from before where ${chatClients.clientId} = ${row.clientId}
        returning before.status as status_before, "custom_name", "visitor_number", "contact_id"
      ), message as (
        ${insertMessage} values (${messageValues(row)})
      )
      select counted.custom_name, counted.visitor_number, ${contacts.name} as contact_name, counted.status_before
      from counted left join ${contacts} on ${contacts.id} = counted.contact_id`),
    new NotFoundError("conversation"),
  );
}
