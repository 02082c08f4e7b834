import { sendTranscriptToVisitor } from "~/.server/chat/transcript";
import { dispatchIntent, intentsWith, readJsonIntent } from "~/.server/http/intents";
import { json } from "~/.server/http/json";
import { secretFrom, visitorRefusals } from "~/.server/http/visitor-chat";
import { VISITOR_INTENTS } from "~/lib/chat-api";
import { conversationSchema } from "~/lib/chat-forms";
import type { Route } from "./+types/chat.transcript";

const intent = intentsWith<string>();
const FAILED = "No se pudo enviar la conversación. Inténtalo de nuevo.";

/**
 * POST /api/chat/transcript { clientId } (secret in X-Chat-Secret) — 'Enviarme la conversación':
 * the conversation by e-mail to the address the visitor left (never one the request names).
 * Answers the address masked, in the sentence the widget shows.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: "Método no permitido." }, 405);
  const { db, logger, mail } = context.services;
  const secret = secretFrom(request.headers, new URL(request.url));
  return dispatchIntent<string>(
    await readJsonIntent(request, VISITOR_INTENTS.transcript),
    {
      [VISITOR_INTENTS.transcript]: intent({
        permission: "visitor",
        schema: conversationSchema,
        run: ({ clientId }) =>
          sendTranscriptToVisitor({ db, mail }, clientId, secret, { ip: context.clientIp }),
        respond: ({ to }) => json({ to, message: `Te enviamos la conversación a ${to}.` }),
        done: () => null,
        ...visitorRefusals(FAILED),
      }),
    },
    { logger, unknownIntent: FAILED },
  );
}

export function loader() {
  return json({ error: "Método no permitido." }, 405);
}
