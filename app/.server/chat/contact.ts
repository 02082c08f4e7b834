import { eq } from "drizzle-orm";
import type { ContactValues } from "../../lib/chat-forms";
import { chatTopic, TOPICS } from "../../lib/events";
import { findOrMakeContact, issueContactKey } from "../contacts/contacts";
import { chatClients } from "../db/schema";
import type { Deps } from "../deps";
import { ForbiddenError, NotFoundError } from "../errors";
import { enforceRateLimit } from "../ratelimit";
import { conversationState } from "./messages";
import { checkAccess } from "./visitor";

/**
 * The visitor leaves a name and a WhatsApp number (E.164, parsed by the schema) or an e-mail
 * ('Para avisarte si te vas'). The details make or find their contact (ADR 0020), which the
 * conversation now points at; the answer carries a key the browser keeps, so its later
 * conversations join the same contact and the card is not shown again. Needs the secret.
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
    const contact = await findOrMakeContact(tx, { name, phone, email }, opts.now);
    await tx
      .update(chatClients)
      .set({ contactId: contact.id })
      .where(eq(chatClients.clientId, input.clientId));
    return issueContactKey(tx, contact.id);
  });
  // A conversation deleted meanwhile has no state to show, nor anyone to show it to.
  const state = await conversationState(deps.db, input.clientId);
  await deps.bus.publishAll([
    { topic: TOPICS.staff, type: "chat.client", payload: { clientId: input.clientId, action: "updated" } },
    ...(state ? [{ topic: chatTopic(input.clientId), type: "chat.state" as const, payload: state }] : []),
  ]);
  return { name, phone, email, key };
}
