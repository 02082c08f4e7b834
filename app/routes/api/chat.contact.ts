import { saveVisitorContact } from "~/.server/chat/contact";
import { dispatchIntent, intentsWith, readJsonIntent } from "~/.server/http/intents";
import { json } from "~/.server/http/json";
import { secretFrom, visitorRefusals } from "~/.server/http/visitor-chat";
import { VISITOR_INTENTS } from "~/lib/chat-api";
import { contactSchema } from "~/lib/chat-forms";
import type { Route } from "./+types/chat.contact";

const intent = intentsWith<string>();
const FAILED = "No se pudieron guardar tus datos.";

/**
 * POST /api/chat/contact { clientId, name, country, phone?, email? } (secret in X-Chat-Secret) —
 * the visitor's contact details, so staff can reach them after they leave. Answers the saved
 * details and the key this browser keeps for its contact (ADR 0020).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: "Método no permitido." }, 405);
  const { db, bus, logger } = context.services;
  const secret = secretFrom(request.headers, new URL(request.url));
  return dispatchIntent<string>(
    await readJsonIntent(request, VISITOR_INTENTS.contact),
    {
      [VISITOR_INTENTS.contact]: intent({
        permission: "visitor",
        schema: contactSchema,
        run: (input) => saveVisitorContact({ db, bus }, input, secret),
        respond: (saved) => json(saved),
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
