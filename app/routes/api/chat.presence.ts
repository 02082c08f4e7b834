import { onlineAgents } from "~/.server/chat/agents";
import { json, jsonFailure } from "~/.server/http/json";
import { chatRefusal } from "~/lib/chat";
import type { Route } from "./+types/chat.presence";

/** GET /api/chat/presence — which agents a visitor sees online (the widget header). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.services;
  try {
    return json(await onlineAgents(db));
  } catch (err) {
    return jsonFailure(err, {
      logger,
      describe: chatRefusal,
      fallback: "No se pudo cargar la información del agente.",
    });
  }
}
