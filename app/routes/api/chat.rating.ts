import { rateConversation } from "~/.server/chat/rating";
import { dispatchIntent, intentsWith, readJsonIntent } from "~/.server/http/intents";
import { json } from "~/.server/http/json";
import { secretFrom, visitorRefusals } from "~/.server/http/visitor-chat";
import { VISITOR_INTENTS } from "~/lib/chat-api";
import { RATING_TEXTS, visitorRatingSchema } from "~/lib/chat-rating";
import type { Route } from "./+types/chat.rating";

const intent = intentsWith<string>();

/**
 * POST /api/chat/rating { clientId, rating, comment? } (secret in X-Chat-Secret) — '¿Cómo te
 * atendimos?': the visitor's one answer for a resolved conversation (issue 41). A second answer,
 * or one before the conversation is resolved, is refused with 409.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: "Método no permitido." }, 405);
  const { db, bus, logger } = context.services;
  const secret = secretFrom(request.headers, new URL(request.url));
  return dispatchIntent<string>(
    await readJsonIntent(request, VISITOR_INTENTS.rate),
    {
      [VISITOR_INTENTS.rate]: intent({
        permission: "visitor",
        schema: visitorRatingSchema,
        run: (input) => rateConversation({ db, bus }, input, secret),
        respond: ({ rating }) => json({ rating, message: RATING_TEXTS.thanks }),
        done: () => null,
        ...visitorRefusals(RATING_TEXTS.failed),
      }),
    },
    { logger, unknownIntent: RATING_TEXTS.failed },
  );
}

export function loader() {
  return json({ error: "Método no permitido." }, 405);
}
