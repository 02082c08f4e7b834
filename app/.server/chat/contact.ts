import { eq } from "drizzle-orm";
import type { ContactValues } from "../../lib/chat-forms";
import { chatClients } from "../db/schema";
import { ForbiddenError, NotFoundError } from "../errors";
import { enforceRateLimit } from "../ratelimit";
import { type ChatDeps, STAFF_TOPIC } from "./events";
import { checkAccess } from "./visitor";

/**
 * The visitor leaves a name and a WhatsApp number (E.164, parsed by the schema) or an e-mail
 * ('Para avisarte si te vas'), so staff can reach them after they leave. Needs the secret.
 */
export async function saveVisitorContact(
  deps: ChatDeps,
  input: ContactValues,
  secret: string | null | undefined,
  opts: { now?: Date } = {},
): Promise<{ name: string; phone: string | null; email: string | null }> {
  const access = await checkAccess(deps.db, input.clientId, secret);
  if (access === "not_found") throw new NotFoundError("conversation");
  if (access === "forbidden") throw new ForbiddenError("conversation-secret");
  await enforceRateLimit(deps.db, "chat-contact", input.clientId, {
    limit: 10,
    windowSeconds: 3600,
    now: opts.now,
  });
  await deps.db
    .update(chatClients)
    .set({ contactName: input.name, contactPhone: input.phone, contactEmail: input.email })
    .where(eq(chatClients.clientId, input.clientId));
  await deps.bus.publish(STAFF_TOPIC, "chat.client", { clientId: input.clientId, action: "updated" });
  return { name: input.name, phone: input.phone, email: input.email };
}
