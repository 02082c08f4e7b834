import { recordVisit } from "~/.server/chat/visitor-context";
import { dispatchIntent, intentsWith, readJsonIntent } from "~/.server/http/intents";
import { json } from "~/.server/http/json";
import { secretFrom, visitorRefusals } from "~/.server/http/visitor-chat";
import { VISITOR_INTENTS } from "~/lib/chat-api";
import { visitorPageSchema } from "~/lib/visitor-context";
import type { Route } from "./+types/chat.page";

const intent = intentsWith<string>();
const FAILED = "No se pudo registrar la página.";
const refusals = visitorRefusals(FAILED);

/**
 * POST /api/chat/page { clientId, path, title, context? } (secret in X-Chat-Secret) — the page a
 * visitor with a conversation opened, for staff (issue 41); `context` (time zone, languages,
 * visits) comes with the first report of a page load. Fire-and-forget from the widget: 204.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: "Método no permitido." }, 405);
  const { db, bus, logger } = context.services;
  const secret = secretFrom(request.headers, new URL(request.url));
  return dispatchIntent<string>(
    await readJsonIntent(request, VISITOR_INTENTS.page),
    {
      [VISITOR_INTENTS.page]: intent({
        permission: "visitor",
        schema: visitorPageSchema,
        run: (value) =>
          recordVisit({ db, bus }, value, secret, { userAgent: request.headers.get("user-agent") }),
        respond: () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } }),
        done: () => null,
        invalid: refusals.invalid,
        // A refused path says why in its own words (visitor-context.ts); the rest as every chat endpoint.
        failed: (e) => e?.detail ?? refusals.failed(e),
      }),
    },
    { logger, unknownIntent: FAILED },
  );
}

export function loader() {
  return json({ error: "Método no permitido." }, 405);
}
