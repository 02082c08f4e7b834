import { TEXTS } from "~/lib/chat";
import { secretFrom } from "~/server/chat/http";
import { errorResponse, json, readJson } from "~/server/chat/respond";
import { visitorSend } from "~/server/chat/visitor";
import type { Route } from "./+types/chat.messages";

/**
 * POST /api/chat/messages { clientId, clientMessageId, message } — a visitor's message. The first
 * one creates the conversation and answers with its secret; later ones send it in X-Chat-Secret.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: "Método no permitido." }, 405);
  const { db, bus, logger } = context.services;
  try {
    const body = await readJson(request);
    const result = await visitorSend({ db, bus }, body, secretFrom(request.headers, new URL(request.url)), {
      ip: context.clientIp,
    });
    return json(result, result.created ? 201 : 200);
  } catch (err) {
    return errorResponse(err, logger, TEXTS.sendFailed);
  }
}

export function loader() {
  return json({ error: "Método no permitido." }, 405);
}
