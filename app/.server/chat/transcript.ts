import { and, desc, eq, ne, sql } from "drizzle-orm";
import { maskEmail } from "../../lib/mail";
import type { Db } from "../db/client";
import { chatClients, chatMessages, contacts } from "../db/schema";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors";
import type { MailParamsOf } from "../mail/messages/params";
import { queueMail } from "../mail/queue";
import { enforceRateLimits } from "../ratelimit";
import { checkAccess } from "./visitor";

/**
 * 'Enviarme la conversación' (issue 40): the conversation by e-mail to the address on file of
 * its contact — never to one a request names, so the widget cannot be used to mail strangers.
 * The visitor asks from the widget (with the conversation's secret), staff from the inbox.
 */

/** The newest messages a transcript carries. */
export const TRANSCRIPT_MAX_MESSAGES = 200;
/** Transcripts a visitor may ask for per conversation, and per address, in an hour. */
export const TRANSCRIPT_LIMITS = { perConversation: 3, perAddress: 10 } as const;

/** The sender the mail queue wakes after a commit (services.mail). */
export type TranscriptDeps = { db: Db; mail?: { kick(): void } };

/**
 * The e-mail on file: the one staff confirmed, else the one the visitor typed (kept as a claim
 * when it was another contact's). NotFoundError when the conversation does not exist.
 */
async function recipientOf(db: Db, clientId: string): Promise<{ email: string | null; name: string | null }> {
  const [row] = await db
    .select({
      email: sql<string | null>`coalesce(${contacts.email}, ${contacts.claimedEmail})`,
      name: contacts.name,
    })
    .from(chatClients)
    .leftJoin(contacts, eq(contacts.id, chatClients.contactId))
    .where(eq(chatClients.clientId, clientId))
    .limit(1);
  if (!row) throw new NotFoundError("conversation");
  return row;
}

/**
 * The conversation as the visitor saw it: the newest TRANSCRIPT_MAX_MESSAGES messages, oldest
 * first, without staff notes; the visitor's own as 'Tú', staff's under the name the widget showed
 * (null: the shop's name, put in when the message is rendered); a photo as '[foto]'.
 */
export async function transcriptMessages(
  db: Db,
  clientId: string,
): Promise<MailParamsOf["chat.transcript"]["messages"]> {
  const rows = await db
    .select({
      sender: chatMessages.sender,
      message: chatMessages.message,
      agentName: chatMessages.agentName,
      imageUrl: chatMessages.imageUrl,
      timestamp: chatMessages.timestamp,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.clientId, clientId), ne(chatMessages.sender, "note")))
    .orderBy(desc(chatMessages.timestamp), desc(chatMessages.id))
    .limit(TRANSCRIPT_MAX_MESSAGES);
  return rows.reverse().map((r) => ({
    from: r.sender === "client" ? "visitor" : "staff",
    author: r.sender === "client" ? "Tú" : r.agentName,
    body: r.message.trim() || null,
    photo: !!r.imageUrl,
    at: r.timestamp.toISOString(),
  }));
}

/** Queues the transcript to the address on file; ConflictError('transcript-no-email') without one. */
export async function sendTranscript(deps: TranscriptDeps, clientId: string): Promise<{ to: string }> {
  const { email, name } = await recipientOf(deps.db, clientId);
  if (!email) throw new ConflictError("transcript-no-email");
  const messages = await transcriptMessages(deps.db, clientId);
  if (messages.length === 0) throw new ConflictError("transcript-empty");
  await queueMail(deps.db, { kind: "chat.transcript", to: email, params: { name, messages } });
  deps.mail?.kick();
  return { to: email };
}

/**
 * The visitor asks from the widget: the secret opens the conversation, an address must be on
 * file (checked before anything is counted), then the limits. Answers the address masked
 * ('r***@gmail.com'): whoever holds the secret learns no more than they typed.
 */
export async function sendTranscriptToVisitor(
  deps: TranscriptDeps,
  clientId: string,
  secret: string | null | undefined,
  opts: { ip: string; now?: Date },
): Promise<{ to: string }> {
  const access = await checkAccess(deps.db, clientId, secret);
  if (access === "not_found") throw new NotFoundError("conversation");
  if (access === "forbidden") throw new ForbiddenError("conversation-secret");
  const { email } = await recipientOf(deps.db, clientId);
  if (!email) throw new ConflictError("transcript-no-email");
  await enforceRateLimits(
    deps.db,
    [
      {
        scope: "chat-transcript-address",
        subject: opts.ip,
        limit: TRANSCRIPT_LIMITS.perAddress,
        windowSeconds: 3600,
      },
      {
        scope: "chat-transcript",
        subject: clientId,
        limit: TRANSCRIPT_LIMITS.perConversation,
        windowSeconds: 3600,
      },
    ],
    opts.now,
  );
  const { to } = await sendTranscript(deps, clientId);
  return { to: maskEmail(to) };
}
