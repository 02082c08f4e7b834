import { eq, sql } from "drizzle-orm";
import type { ContactValues } from "../../lib/chat-forms";
import { chatTopic, TOPICS } from "../../lib/events";
import { issueContactKey, makeClaimedContact } from "../contacts/contacts";
import { chatClients, contacts } from "../db/schema";
import type { Deps } from "../deps";
import { ForbiddenError, NotFoundError } from "../errors";
import { enforceRateLimit } from "../ratelimit";
import { conversationState } from "./messages";
import { checkAccess } from "./visitor";

/**
 * The visitor leaves a name and a WhatsApp number (E.164, parsed by the schema) or an e-mail
 * ('Para avisarte si te vas'). What they type is a claim, not an identity (third round of
 * attacks, finding 2): it becomes a contact of its own (ADR 0020), which the conversation now
 * points at and which never takes over, renames or joins an existing one; when its phone or
 * e-mail is another contact's, staff see 'posible mismo cliente' and decide. The answer carries
 * the key of that new contact for this browser, so its later conversations join it and the card
 * is not shown again. Saving the same details again changes nothing. Needs the secret.
 */
export async function saveVisitorContact(
  deps: Deps,
  input: ContactValues,
  secret: string | null | undefined,
  opts: { now?: Date } = {},
): Promise<{ name: string; phone: string | null; email: string | null; key: string }> {
  const access = await checkAccess(deps.db, input.clientId, secret);
  if (access === "not_found") throw new NotFoundError("conversation");
  if (access === "forbidden") throw new ForbiddenError("conversation-secret");
  await enforceRateLimit(deps.db, "chat-contact", input.clientId, {
    limit: 10,
    windowSeconds: 3600,
    now: opts.now,
  });
  const { name, phone, email } = input;
  const key = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        id: contacts.id,
        name: contacts.name,
        phone: sql<string | null>`coalesce(${contacts.phone}, ${contacts.claimedPhone})`,
        email: sql<string | null>`coalesce(${contacts.email}, ${contacts.claimedEmail})`,
      })
      .from(chatClients)
      .innerJoin(contacts, eq(contacts.id, chatClients.contactId))
      .where(eq(chatClients.clientId, input.clientId));
    const same = current && current.name === name && current.phone === phone && current.email === email;
    const contactId = same ? current.id : (await makeClaimedContact(tx, { name, phone, email }, opts.now)).id;
    if (!same)
      await tx.update(chatClients).set({ contactId }).where(eq(chatClients.clientId, input.clientId));
    return issueContactKey(tx, contactId);
  });
  // A conversation deleted meanwhile has no state to show, nor anyone to show it to.
  const state = await conversationState(deps.db, input.clientId);
  await deps.bus.publishAll([
    { topic: TOPICS.staff, type: "chat.client", payload: { clientId: input.clientId, action: "updated" } },
    ...(state ? [{ topic: chatTopic(input.clientId), type: "chat.state" as const, payload: state }] : []),
  ]);
  return { name, phone, email, key };
}
