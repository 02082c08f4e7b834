import { onlineAgents } from "~/server/chat/agents";
import { errorResponse, json } from "~/server/chat/respond";
import type { Route } from "./+types/chat.presence";

/** GET /api/chat/presence — which agents a visitor sees online (the widget header). */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    return json(await onlineAgents(context.services.db));
  } catch (err) {
    return errorResponse(err, context.services.logger, "No se pudo cargar la información del agente.");
  }
}
