import type { Request, Response } from "express";
import { isClientId, TEXTS } from "../../lib/chat";
import { parseLastEventId } from "../events/sse";
import { hitRateLimit } from "../ratelimit";
import type { Services } from "../services";
import { chatTopic, PRESENCE_TOPIC } from "./events";
import { checkAccess } from "./visitor";

const sendError = (res: Response, status: number, message: string) =>
  res.status(status).set("Cache-Control", "no-store").json({ error: message });

/** The visitor's conversation secret: a header for fetch, a query parameter for EventSource. */
export function secretFrom(headers: { get(name: string): string | null }, url: URL): string | null {
  return headers.get("x-chat-secret") || url.searchParams.get("secret") || null;
}

/**
 * GET /events/chat/:clientId — one visitor's live stream. It proves the conversation secret and
 * carries only that conversation's topic plus the public presence topic.
 */
export function chatStreamHandler(services: Services) {
  return async (req: Request, res: Response) => {
    const clientId = req.params.clientId;
    if (!isClientId(clientId)) return sendError(res, 400, "Identificador de conversación inválido.");
    const url = new URL(req.originalUrl, "http://localhost");
    const secret = secretFrom({ get: (n) => req.get(n) ?? null }, url);
    try {
      const limit = await hitRateLimit(services.db, "chat-stream", req.ip ?? "unknown", {
        limit: 60,
        windowSeconds: 60,
      });
      if (!limit.allowed) {
        res.setHeader("Retry-After", String(limit.retryAfterSeconds));
        return sendError(res, 429, "Demasiadas conexiones seguidas. Espera un momento.");
      }
      const access = await checkAccess(services.db, clientId, secret);
      if (access === "not_found") return sendError(res, 404, "Conversación no encontrada.");
      if (access === "forbidden") return sendError(res, 403, TEXTS.forbidden);
    } catch (err) {
      services.logger.error({ err }, "chat stream: could not check access");
      return sendError(res, 503, "Servicio no disponible.");
    }
    services.sse.open(req, res, {
      topics: [chatTopic(clientId), PRESENCE_TOPIC],
      lastEventId: parseLastEventId(req, url),
    });
  };
}

/** Access logs must not keep conversation secrets. */
export const redactSecrets = (url: string) => url.replace(/([?&]secret=)[^&#]*/g, "$1***");
