import { saveVisitorContact } from "~/.server/chat/contact";
import { secretFrom } from "~/.server/chat/http";
import { json, jsonFailure, readJson } from "~/.server/http/json";
import { chatRefusal } from "~/lib/chat";
import { contactSchema } from "~/lib/chat-forms";
import type { Route } from "./+types/chat.contact";

/**
 * POST /api/chat/contact { clientId, name, country, phone?, email? } (secret in X-Chat-Secret) —
 * the visitor's contact details, so staff can reach them after they leave.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: "Método no permitido." }, 405);
  const { db, bus, logger } = context.services;
  try {
    const input = await readJson(request, contactSchema);
    const secret = secretFrom(request.headers, new URL(request.url));
    return json(await saveVisitorContact({ db, bus }, input, secret));
  } catch (err) {
    return jsonFailure(err, { logger, describe: chatRefusal, fallback: "No se pudieron guardar tus datos." });
  }
}

export function loader() {
  return json({ error: "Método no permitido." }, 405);
}
