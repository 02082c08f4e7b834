import { signalVisitorTyping } from "~/.server/chat/staff";
import { checkAccess } from "~/.server/chat/visitor";
import { ForbiddenError, NotFoundError } from "~/.server/errors";
import { dispatchIntent, intentsWith, readJsonIntent } from "~/.server/http/intents";
import { json } from "~/.server/http/json";
import { secretFrom, visitorRefusals } from "~/.server/http/visitor-chat";
import { VISITOR_INTENTS } from "~/lib/chat-api";
import { visitorTypingSchema } from "~/lib/chat-forms";
import type { Route } from "./+types/chat.typing";

const intent = intentsWith<string>();
const FAILED = "No se pudo avisar.";

/**
 * POST /api/chat/typing { clientId, typing } (secret in X-Chat-Secret) — the visitor is typing:
 * a live signal on the staff stream, never stored (ADR 0020). The widget sends it at most every
 * few seconds; the secret is checked with one read.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: "Método no permitido." }, 405);
  const { db, bus, logger } = context.services;
  const secret = secretFrom(request.headers, new URL(request.url));
  return dispatchIntent<string>(
    await readJsonIntent(request, VISITOR_INTENTS.typing),
    {
      [VISITOR_INTENTS.typing]: intent({
        permission: "visitor",
        schema: visitorTypingSchema,
        run: async ({ clientId, typing }) => {
          const access = await checkAccess(db, clientId, secret);
          if (access === "not_found") throw new NotFoundError("conversation");
          if (access === "forbidden") throw new ForbiddenError("conversation-secret");
          await signalVisitorTyping({ db, bus }, clientId, typing);
        },
        respond: () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } }),
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
