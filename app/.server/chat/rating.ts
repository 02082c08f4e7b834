import { eq } from "drizzle-orm";
import type { ChatRating } from "../../lib/chat";
import type { VisitorRatingValues } from "../../lib/chat-rating";
import { chatTopic, TOPICS } from "../../lib/events";
import { chatClients, chatRatings } from "../db/schema";
import type { Deps } from "../deps";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors";
import { enforceRateLimit } from "../ratelimit";
import { conversationState } from "./messages";
import { checkAccess } from "./visitor";

/**
 * '¿Cómo te atendimos?' (issue 41): the visitor's one answer per conversation, given while it is
 * resolved, stored with the agent who resolved it (the reports count it for them). Staff hear of
 * it on their stream ('chat.client' updated: the inbox reloads and shows it); the visitor's other
 * tabs get the new state (the question becomes the thanks).
 */

/** Answers tried per conversation in an hour (only the first can succeed; the rest are mistakes or abuse). */
export const RATING_TRIES_PER_HOUR = 10;

export async function rateConversation(
  deps: Deps,
  input: VisitorRatingValues,
  secret: string | null | undefined,
  opts: { now?: Date } = {},
): Promise<{ rating: ChatRating; comment: string | null }> {
  const { clientId, rating, comment } = input;
  const now = opts.now ?? new Date();
  const access = await checkAccess(deps.db, clientId, secret);
  if (access === "not_found") throw new NotFoundError("conversation");
  if (access === "forbidden") throw new ForbiddenError("conversation-secret");
  await enforceRateLimit(deps.db, "chat-rating", clientId, {
    limit: RATING_TRIES_PER_HOUR,
    windowSeconds: 3600,
    now,
  });
  await deps.db.transaction(async (tx) => {
    // The conversation's row is locked: a second answer (another tab, a double tap) or a visitor's
    // message reopening it waits for this one and then sees it.
    const [conv] = await tx
      .select({
        status: chatClients.status,
        resolvedBy: chatClients.resolvedByAgentId,
        rated: chatRatings.clientId,
      })
      .from(chatClients)
      .leftJoin(chatRatings, eq(chatRatings.clientId, chatClients.clientId))
      .where(eq(chatClients.clientId, clientId))
      .for("update", { of: chatClients });
    if (!conv) throw new NotFoundError("conversation");
    if (conv.rated) throw new ConflictError("rating-given");
    if (conv.status !== "resolved") throw new ConflictError("rating-not-resolved");
    await tx
      .insert(chatRatings)
      .values({ clientId, rating, comment, agentId: conv.resolvedBy, createdAt: now });
  });
  // A conversation deleted meanwhile has no state to show, nor anyone to show it to.
  const state = await conversationState(deps.db, clientId);
  await deps.bus.publishAll([
    { topic: TOPICS.staff, type: "chat.client", payload: { clientId, action: "updated" } },
    ...(state ? [{ topic: chatTopic(clientId), type: "chat.state" as const, payload: state }] : []),
  ]);
  return { rating, comment };
}
