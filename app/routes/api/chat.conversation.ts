import { isClientId } from "~/lib/chat";
import { secretFrom } from "~/server/chat/http";
import { errorResponse, json } from "~/server/chat/respond";
import { visitorSnapshot } from "~/server/chat/visitor";
import type { Route } from "./+types/chat.conversation";

/**
 * GET /api/chat/conversation?clientId=… (secret in X-Chat-Secret) — the widget's catch-up:
 * conversation state, messages and presence, read after the live stream is open.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const clientId = url.searchParams.get("clientId");
  if (!isClientId(clientId)) return json({ error: "Identificador de conversación inválido." }, 400);
  try {
    return json(await visitorSnapshot(context.services.db, clientId, secretFrom(request.headers, url)));
  } catch (err) {
    return errorResponse(err, context.services.logger, "No se pudieron cargar los mensajes.");
  }
}
