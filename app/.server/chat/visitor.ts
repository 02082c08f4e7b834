import { and, eq, sql } from "drizzle-orm";
import {
  type ChatMessageView,
  displayName,
  type PresenceView,
  type VisitorConversationState,
  type VisitorSendValues,
} from "../../lib/chat";
import { contactIdForKey } from "../contacts/contacts";
import type { Db } from "../db/client";
import type { Tx } from "../db/locks";
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
  let reopened = false;
  const row = await db
    .transaction(async (tx) => {
      if (issued) {
        // A new conversation starts open with this one unread message.
        const made = await tx
          .insert(chatClients)
          .values({
            clientId,
            secretHash: hashSecret(issued),
            lastActive: now,
            createdAt: now,
            unreadCount: 1,
            contactId: await contactIdForKey(tx, opts.contactKey),
          })
          .onConflictDoNothing()
          .returning({ clientId: chatClients.clientId });
        // Someone created it between our read and now: this request holds no valid secret.
        if (made.length === 0) throw new ForbiddenError("conversation-secret");
      }
      const [inserted] = await tx
        .insert(chatMessages)
        .values({ clientId, sender: "client", message, timestamp: now, clientMessageId, imageUrl })
        .returning(messageColumns);
      if (!issued) reopened = (await countClientMessage(tx, clientId, now)) === "resolved";
      if (!inserted) throw new Error("message insert returned nothing");
      return inserted;
    })
    .catch(async (err) => {
      if (photos) await dropChatPhoto(photos, imageUrl);
      // The same message raced itself (double submit): the first one was stored and announced.
      if (!isUniqueViolation(err)) throw err;
      const again = await findByClientMessageId(db, clientId, clientMessageId);
      if (!again) throw err;
      return { ...again, duplicate: true as const };
    });
  if ("duplicate" in row) return { message: toMessageView(row, { forVisitor: true }), created: false };

  const view = toMessageView(row, { forVisitor: true });
  const state = reopened ? await conversationState(db, clientId) : null;
  await deps.bus.publishAll([
    { topic: chatTopic(clientId), type: "chat.message", payload: { message: view, state } },
    {
      topic: STAFF_TOPIC,
      type: "chat.message",
      // The name staff see (alerts come before the list knows a new conversation).
      payload: {
        message: toMessageView(row, { forVisitor: false }),
        created: !!issued,
        name: await staffName(db, clientId),
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

/**
 * One more unread message from the visitor: the conversation is active now and open again (a
 * customer writing again needs attention, ADR 0003). Locks the conversation's row and answers
 * its status before this change, in one statement.
 */
async function countClientMessage(tx: Tx, clientId: string, now: Date) {
  const before = tx
    .select({ status: chatClients.status })
    .from(chatClients)
    .where(eq(chatClients.clientId, clientId))
    .for("update")
    .as("before_update");
  const [row] = await tx
    .update(chatClients)
    .set({
      unreadCount: sql`${chatClients.unreadCount} + 1`,
      lastActive: now,
      status: "open",
      resolvedAt: null,
    })
    .from(before)
    .where(eq(chatClients.clientId, clientId))
    .returning({ status: before.status });
  return row?.status;
}

/** The conversation's name as staff see it: their rename, the contact's name, or 'Visitante N'. */
async function staffName(db: Db, clientId: string): Promise<string | null> {
  const [row] = await db
    .select({
      customName: chatClients.customName,
      visitorNumber: chatClients.visitorNumber,
      contactName: contacts.name,
    })
    .from(chatClients)
    .leftJoin(contacts, eq(contacts.id, chatClients.contactId))
    .where(eq(chatClients.clientId, clientId))
    .limit(1);
  return row ? displayName(row) : null;
}
