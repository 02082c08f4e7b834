import { secretFrom } from "~/.server/chat/http";
import { visitorSend } from "~/.server/chat/visitor";
import { InvalidInputError } from "~/.server/errors";
import { readForm } from "~/.server/http/intents";
import { json, jsonFailure, readJson, schemaRefusal } from "~/.server/http/json";
import {
  chatRefusal,
  TEXTS,
  type VisitorSendValues,
  visitorPhotoSchema,
  visitorSendSchema,
} from "~/lib/chat";
import type { Route } from "./+types/chat.messages";

/**
 * POST /api/chat/messages { clientId, clientMessageId, message } — a visitor's message. The first
 * one creates the conversation and answers with its secret; later ones send it in X-Chat-Secret.
 * A photo comes the same way as multipart form data with an `image` file (and an optional
 * caption as `message`), under the same ids, limits and duplicate rule (issue 14).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: "Método no permitido." }, 405);
  const { db, bus, logger, storage } = context.services;
  try {
    const input = isMultipart(request)
      ? await readPhoto(request)
      : await readJson(request, visitorSendSchema);
    const secret = secretFrom(request.headers, new URL(request.url));
    const result = await visitorSend({ db, bus, storage, logger }, input, secret, { ip: context.clientIp });
    return json(result, result.created ? 201 : 200);
  } catch (err) {
    return jsonFailure(err, { logger, describe: chatRefusal, fallback: TEXTS.sendFailed });
  }
}

const isMultipart = (r: Request) => (r.headers.get("content-type") ?? "").startsWith("multipart/form-data");

async function readPhoto(request: Request): Promise<VisitorSendValues> {
  const form = await readForm(request).catch(() => {
    throw new InvalidInputError("json");
  });
  const parsed = visitorPhotoSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw schemaRefusal(parsed.error);
  return parsed.data;
}

export function loader() {
  return json({ error: "Método no permitido." }, 405);
}
