import { visitorSnapshot } from "~/.server/chat/visitor";
import { json, jsonFailure } from "~/.server/http/json";
import { secretFrom } from "~/.server/http/visitor-chat";
import { chatRefusal, isClientId } from "~/lib/chat";
import type { Route } from "./+types/chat.conversation";

/**
 * GET /api/chat/conversation?clientId=… (secret in X-Chat-Secret) — the widget's catch-up:
 * conversation state, messages and presence, read after the live stream is open.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const clientId = url.searchParams.get("clientId");
  if (!isClientId(clientId)) return json({ error: "Identificador de conversación inválido." }, 400);
  const { db, logger } = context.services;
  try {
    return json(await visitorSnapshot(db, clientId, secretFrom(request.headers, url)));
  } catch (err) {
    return jsonFailure(err, {
      logger,
      describe: chatRefusal,
      fallback: "No se pudieron cargar los mensajes.",
    });
  }
}
