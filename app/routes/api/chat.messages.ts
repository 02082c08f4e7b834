import { data } from "react-router";
import { shopNoticesFrom } from "~/.server/chat/shop-notices";
import { visitorLimitsFrom, visitorSend } from "~/.server/chat/visitor";
import {
  dispatchIntent,
  intentsWith,
  type JsonIntent,
  readForm,
  readJsonIntent,
} from "~/.server/http/intents";
import { json } from "~/.server/http/json";
import { secretFrom, visitorRefusals } from "~/.server/http/visitor-chat";
import { TEXTS, type VisitorSendValues, visitorPhotoSchema, visitorSendSchema } from "~/lib/chat";
import { CONTACT_KEY_HEADER, VISITOR_INTENTS } from "~/lib/chat-api";
import type { Route } from "./+types/chat.messages";

const intent = intentsWith<string>();

/**
 * POST /api/chat/messages { clientId, clientMessageId, message } — a visitor's message. The first
 * one creates the conversation and answers with its secret; later ones send it in X-Chat-Secret.
 * A photo comes the same way as multipart form data with an `image` file (and an optional
 * caption as `message`), under the same ids, limits and duplicate rule (ADR 0013).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: "Método no permitido." }, 405);
  const { db, bus, logger, storage } = context.services;
  const secret = secretFrom(request.headers, new URL(request.url));
  const send = async (input: VisitorSendValues) =>
    visitorSend({ db, bus, storage, logger, notices: shopNoticesFrom(context.services) }, input, secret, {
      ip: context.clientIp,
      contactKey: request.headers.get(CONTACT_KEY_HEADER),
      limits: visitorLimitsFrom(context.services.config),
    });
  const { failed, invalid } = visitorRefusals(TEXTS.sendFailed);
  const respond = (r: Awaited<ReturnType<typeof send>>) => json(r, r.created ? 201 : 200);
  const input = isMultipart(request)
    ? await readPhotoForm(request)
    : await readJsonIntent(request, VISITOR_INTENTS.send);
  return dispatchIntent<string>(
    input,
    {
      [VISITOR_INTENTS.send]: intent({
        permission: "visitor",
        schema: visitorSendSchema,
        run: send,
        respond,
        done: () => null,
        failed,
        invalid,
      }),
      photo: intent({
        permission: "visitor",
        schema: visitorPhotoSchema,
        run: send,
        respond,
        done: () => null,
        failed,
        invalid,
      }),
    },
    { logger, unknownIntent: TEXTS.sendFailed },
  );
}

const isMultipart = (r: Request) => (r.headers.get("content-type") ?? "").startsWith("multipart/form-data");

/**
 * A photo's multipart form, under the 'photo' intent (the widget does not name one). The widget
 * speaks JSON, so the form is handed on as a JSON caller's body: a refusal comes back as `error`.
 */
async function readPhotoForm(request: Request): Promise<JsonIntent> {
  // A body that is not the multipart it claims is refused like a body that is not JSON.
  const form = await readForm(request).catch(() => {
    throw data({ error: "Solicitud inválida: se esperaba un formulario." }, { status: 400 });
  });
  return { intent: "photo", body: Object.fromEntries(form) };
}

export function loader() {
  return json({ error: "Método no permitido." }, 405);
}
