import { secretFrom } from "~/.server/chat/http";
import { visitorSend } from "~/.server/chat/visitor";
import { json, jsonFailure, readJson } from "~/.server/http/json";
import { chatRefusal, TEXTS, visitorSendSchema } from "~/lib/chat";
import type { Route } from "./+types/chat.messages";

/**
 * POST /api/chat/messages { clientId, clientMessageId, message } — a visitor's message. The first
 * one creates the conversation and answers with its secret; later ones send it in X-Chat-Secret.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: "Método no permitido." }, 405);
  const { db, bus, logger } = context.services;
  try {
    const input = await readJson(request, visitorSendSchema);
    const secret = secretFrom(request.headers, new URL(request.url));
    const result = await visitorSend({ db, bus }, input, secret, { ip: context.clientIp });
    return json(result, result.created ? 201 : 200);
  } catch (err) {
    return jsonFailure(err, { logger, describe: chatRefusal, fallback: TEXTS.sendFailed });
  }
}

export function loader() {
  return json({ error: "Método no permitido." }, 405);
}
