import { randomUUID } from "node:crypto";
import { and, eq, type SQL, sql } from "drizzle-orm";
import {
  type ChatMessageView,
  type ConversationStatus,
  displayName,
  type PresenceView,
  type VisitorConversationState,
  type VisitorSendValues,
} from "../../lib/chat";
import { chatTopic, TOPICS } from "../../lib/events";
import { contactIdForKey } from "../contacts/contacts";
import { type Db, rowsOf } from "../db/client";
import { chatClients, chatMessages, contacts } from "../db/schema";
import type { Deps } from "../deps";
import { ForbiddenError, isUniqueViolation, NotFoundError, RateLimitedError } from "../errors";
import type { Logger } from "../logger";
import { enforceRateLimits, type RateHit, rateLimitCount } from "../ratelimit";
import { hashSecret, newSecret, secretMatches } from "../secrets";
import { onlineAgents } from "./agents";
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
import { excerptOf, noticeShop, type ShopNotices, shopRecipient } from "./shop-notices";

/** What a send takes besides the database and bus: the shop's e-mail notices (none in most tests). */
type SendDeps = Deps & { notices?: ShopNotices; logger?: Logger };

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
  deps: SendDeps & Partial<PhotoDeps>,
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
  const row = (imageUrl: string | null): MessageRow => ({
    id: randomUUID(),
    clientId,
    sender: "client",
    message,
    timestamp: now,
    agentName: null,
    clientMessageId,
    imageUrl,
  });

  // A text message in the usual case (a new conversation without a secret, or a new message with
  // the right one) is read, counted and written in one statement; whatever that statement finds
  // otherwise (a wrong secret, a retried message, a conversation made meanwhile) takes the steps
  // below, which answer it exactly as before, and nothing was counted or written.
  if (!image) {
    const sent = await sendAtOnce(deps, row(null), secret, { ...opts, limits, now });
    if (sent) return sent;
  }

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

  await enforceRateLimits(db, visitorHits(limits, opts.ip, clientId, !client, image?.size ?? 0), now);

  // A photo is checked and stored before the message row; a row that is not written drops it.
  const photos = image ? requirePhotoDeps(deps) : null;
  const imageUrl = photos && image ? await storeChatPhoto(photos, image, now) : null;
  const issued = client ? undefined : newSecret();
  const stored = row(imageUrl);
  const written = await writeMessage(db, stored, issued, opts.contactKey).catch(async (err) => {
    if (photos) await dropChatPhoto(photos, imageUrl);
    throw err;
  });
  if ("duplicate" in written) return written.duplicate;
  const { values } = written;
  if (!values) throw issued ? new ForbiddenError("conversation-secret") : new NotFoundError("conversation");
  return announce(deps, stored, values, issued);
}

/**
 * The limits a message counts against. Per-address limits first: a refused request must not leave
 * a row per made-up conversation id. Only a new conversation counts against the new-conversations
 * limit (0: not counted). A photo counts its size, in kilobytes, against the hourly photo quotas
 * (0: not counted), before sharp spends any work on it.
 */
function visitorHits(
  limits: VisitorLimits,
  ip: string,
  clientId: string,
  isNew: boolean,
  photoBytes: number,
): RateHit[] {
  const photoQuota = (scope: RateHit["scope"], subject: string, limit: number): RateHit => ({
    scope,
    subject,
    limit: photoBytes > 0 ? limit : 0,
    windowSeconds: 3600,
    cost: Math.ceil(photoBytes / 1024),
  });
  return [
    { scope: "chat-address", subject: ip, limit: limits.perAddress, windowSeconds: 60 },
    photoQuota("chat-photo-address", ip, limits.photoKbPerAddress),
    { scope: "chat-new-address", subject: ip, limit: isNew ? limits.newPerAddress : 0, windowSeconds: 3600 },
    photoQuota("chat-photo-all", "all", limits.photoKbPerHour),
    { scope: "chat-conversation", subject: clientId, limit: limits.perConversation, windowSeconds: 60 },
    photoQuota("chat-photo-conversation", clientId, limits.photoKbPerConversation),
  ];
}

type Sent = { message: ChatMessageView; secret?: string; created: boolean };

/**
 * A text message in one statement: a gate (no secret: the conversation does not exist yet; a
 * secret: it opens the conversation and no message has this client message id), the limits,
 * counted only when the gate holds, and the write, done only when they allow it. Null when the
 * gate does not hold: nothing was counted or written, and the caller takes the usual steps.
 * The secret's hash is compared by the database here: a SHA-256 of 32 random bytes, so how long
 * the comparison takes says nothing about the secret.
 */
async function sendAtOnce(
  deps: SendDeps,
  row: MessageRow,
  secret: string | null | undefined,
  opts: { ip: string; limits: VisitorLimits; now: Date; contactKey?: string | null },
): Promise<Sent | null> {
  const { clientId, clientMessageId } = row;
  const known = sql`select 1 from ${chatClients} where ${chatClients.clientId} = ${clientId}`;
  const gate = secret
    ? sql`exists (${known} and ${chatClients.secretHash} = ${hashSecret(secret)}) and not exists (
        select 1 from ${chatMessages}
        where ${chatMessages.clientId} = ${clientId} and ${chatMessages.clientMessageId} = ${clientMessageId})`
    : sql`not exists (${known})`;
  const hits = visitorHits(opts.limits, opts.ip, clientId, !secret, 0);
  const count = rateLimitCount(hits, opts.now, sql`(select ok from gate)`);
  if (!count) return null;
  const issued = secret ? undefined : newSecret();
  const written = await writeMessage(deps.db, row, issued, opts.contactKey, {
    ctes: [sql`gate as (select (${gate}) as ok)`, ...count.steps],
    allowed: count.allowed,
    read: sql`(select ok from gate) as gate_ok, ${count.counts},`,
  });
  if ("duplicate" in written) return written.duplicate;
  const { answer, values } = written;
  if (!answer?.gate_ok) return null;
  const refused = count.refusal(answer);
  if (refused) throw new RateLimitedError(refused.scope, refused.retryAfterSeconds);
  if (!values) throw issued ? new ForbiddenError("conversation-secret") : new NotFoundError("conversation");
  return announce(deps, row, values, issued);
}

/**
 * Announces a stored message on the visitor's stream and to staff, tells the shop by e-mail when
 * nobody is online, and answers the visitor.
 */
async function announce(deps: SendDeps, row: MessageRow, written: Written, issued: string | undefined) {
  const view = toMessageView(row, { forVisitor: true });
  const state = written.statusBefore === "resolved" ? await conversationState(deps.db, row.clientId) : null;
  // Stored by now: told to the streams as soon as the database takes it, never a failed answer.
  await deps.bus.announce([
    { topic: chatTopic(row.clientId), type: "chat.message", payload: { message: view, state } },
    {
      topic: TOPICS.staff,
      type: "chat.message",
      // The name staff see (alerts come before the list knows a new conversation).
      payload: {
        message: toMessageView(row, { forVisitor: false }),
        created: !!issued,
        name: displayName(written),
      },
    },
  ]);
  await tellShop(deps, row, written, !!issued);
  return { message: view, secret: issued, created: !!issued };
}

/**
 * Nobody of the team is online: the shop hears of the message by e-mail, batched per conversation
 * (shop-notices.ts). The message is written in one statement of its own (sendAtOnce), so its
 * notice follows in a short transaction after it; a failure here is logged and never fails a
 * message that was stored.
 */
async function tellShop(deps: SendDeps, row: MessageRow, written: Written, isNew: boolean) {
  const { notices } = deps;
  if (!notices) return;
  try {
    const to = await shopRecipient(deps.db, notices, row.timestamp);
    if (!to) return;
    const queued = await deps.db.transaction((tx) =>
      noticeShop(tx, to, {
        clientId: row.clientId,
        what: isNew ? "chat" : "message",
        name: displayName(written),
        excerpt: excerptOf(row.message, !!row.imageUrl),
        at: row.timestamp,
      }),
    );
    if (queued === "now") notices.kick();
  } catch (err) {
    deps.logger?.warn({ err, clientId: row.clientId }, "chat: the shop's e-mail notice failed");
  }
}

/**
 * Writes the message in one statement (no transaction to open and commit): with a new secret, the
 * conversation it starts; else the count it adds to its conversation. The same message raced
 * itself (double submit): the first one was stored and announced, and is the answer.
 */
async function writeMessage(
  db: Db,
  row: MessageRow,
  issued: string | undefined,
  contactKey: string | null | undefined,
  guard?: Guard,
): Promise<{ duplicate: Sent } | { answer: Record<string, unknown> | undefined; values: Written | null }> {
  try {
    const result = await db.execute(
      issued
        ? createConversation(row, hashSecret(issued), contactKey, guard)
        : countClientMessage(row, guard),
    );
    const [answer] = rowsOf<Record<string, unknown>>(result);
    return { answer, values: writtenValues(answer) };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const again = await findByClientMessageId(db, row.clientId, row.clientMessageId ?? "");
    if (!again) throw err;
    return { duplicate: { message: toMessageView(again, { forVisitor: true }), created: false } };
  }
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
  statusBefore: ConversationStatus | null;
};

/**
 * What runs before a write in the same statement (sendAtOnce): its CTEs, the condition the write
 * waits for, and what else the statement answers (a select list ending in a comma).
 */
type Guard = { ctes: SQL[]; allowed: SQL; read: SQL };

const insertMessage = sql`insert into ${chatMessages}
  ("id", "client_id", "sender", "message", "timestamp", "client_message_id", "image_url")`;
const messageValues = (row: MessageRow) =>
  sql`${row.id}::uuid, ${row.clientId}, ${row.sender}, ${row.message}, ${row.timestamp.toISOString()}::timestamptz,
    ${row.clientMessageId}, ${row.imageUrl}`;
const withGuard = (guard: Guard | undefined, ctes: SQL) =>
  guard ? sql`with ${sql.join(guard.ctes, sql`, `)}, ${ctes}` : sql`with ${ctes}`;

/** The written row's values; null when nothing was written (the conversation was not there or not made). */
function writtenValues(r: Record<string, unknown> | undefined): Written | null {
  if (!r || r.visitor_number === null || r.visitor_number === undefined) return null;
  return {
    customName: r.custom_name as string | null,
    visitorNumber: Number(r.visitor_number),
    contactName: r.contact_name as string | null,
    statusBefore: r.status_before as Written["statusBefore"],
  };
}

/**
 * A new conversation, open with this one unread message, joined to the contact of the browser's
 * key. Nothing is written when the conversation already exists: someone made it between our read
 * and now, and this request holds no valid secret.
 */
function createConversation(
  row: MessageRow,
  secretHash: string,
  contactKey: string | null | undefined,
  guard?: Guard,
): SQL {
  const now = row.timestamp.toISOString();
  return sql`${withGuard(
    guard,
    sql`made as (
        insert into ${chatClients} ("client_id", "secret_hash", "last_active", "created_at", "unread_count", "contact_id")
        select ${row.clientId}, ${secretHash}, ${now}::timestamptz, ${now}::timestamptz, 1, ${contactIdForKey(contactKey)}
        where ${guard?.allowed ?? sql`true`}
        on conflict do nothing
        returning "visitor_number", "contact_id"
      ), message as (
        ${insertMessage} select ${messageValues(row)} from made
      )`,
  )}
    select ${guard?.read ?? sql``} null as custom_name, made.visitor_number, ${contacts.name} as contact_name,
      null as status_before
    from (select 1) as one left join made on true left join ${contacts} on ${contacts.id} = made.contact_id`;
}

/**
 * One more unread message from the visitor: the message is stored, the conversation is active now
 * and open again (a customer writing again needs attention, ADR 0003). Locks the conversation's
 * row and answers its status before this change.
 */
function countClientMessage(row: MessageRow, guard?: Guard): SQL {
  const allowed = guard?.allowed ?? sql`true`;
  return sql`${withGuard(
    guard,
    sql`before as (
        select "status" from ${chatClients} where "client_id" = ${row.clientId} and ${allowed} for update
      ), counted as (
        update ${chatClients} set "unread_count" = "unread_count" + 1,
          "last_active" = ${row.timestamp.toISOString()}::timestamptz, "status" = 'open', "resolved_at" = null
        from before where ${chatClients.clientId} = ${row.clientId}
        returning before.status as status_before, "custom_name", "visitor_number", "contact_id"
      ), message as (
        ${insertMessage} select ${messageValues(row)} where ${allowed}
      )`,
  )}
    select ${guard?.read ?? sql``} counted.custom_name, counted.visitor_number, ${contacts.name} as contact_name,
      counted.status_before
    from (select 1) as one left join counted on true left join ${contacts} on ${contacts.id} = counted.contact_id`;
}
