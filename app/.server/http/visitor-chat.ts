import type { Request, Response } from "express";
import { chatRefusal, isClientId, TEXTS } from "../../lib/chat";
import { chatTopic, TOPICS } from "../../lib/events";
import { checkAccess } from "../chat/visitor";
import type { DomainError } from "../errors";
import { parseLastEventId } from "../events/sse";
import { hitRateLimit } from "../ratelimit";
import type { Services } from "../services";
import { clientAddress } from "../trust-proxy";
import { refuseStream, sendError, sendUnavailable } from "./refuse";

/*
 * The visitor chat over HTTP: what its JSON endpoints (app/routes/api/chat.*) share, and its two
 * live streams (mounted by streams.ts).
 */

/** The visitor's conversation secret: a header for fetch, a query parameter for EventSource. */
export function secretFrom(headers: { get(name: string): string | null }, url: URL): string | null {
  return headers.get("x-chat-secret") || url.searchParams.get("secret") || null;
}

/**
 * What the widget's JSON endpoints answer when refused: the chat's words for a domain error, the
 * first message of an invalid field, else the endpoint's own fallback (`failed`/`invalid` of an intent).
 */
export function visitorRefusals(fallback: string) {
  return {
    failed: (e: DomainError | null) => (e && chatRefusal(e)) ?? fallback,
    invalid: (errors: Record<string, string[] | null>) =>
      Object.values(errors).flat().find(Boolean) ?? fallback,
  };
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
    const address = clientAddress(req);
    const early = services.sse.admit(address);
    if (early) return refuseStream(res, early);
    try {
      const limit = await hitRateLimit(services.db, "chat-stream", address, {
        limit: 60,
        windowSeconds: 60,
      });
      if (!limit.allowed) {
        return sendError(res, 429, "Demasiadas conexiones seguidas. Espera un momento.", {
          "Retry-After": String(limit.retryAfterSeconds),
        });
      }
      const access = await checkAccess(services.db, clientId, secret);
      if (access === "not_found") return sendError(res, 404, "Conversación no encontrada.");
      if (access === "forbidden") return sendError(res, 403, TEXTS.forbidden);
    } catch (err) {
      services.logger.error({ err }, "chat stream: could not check access");
      return sendUnavailable(res);
    }
    const refused = services.sse.open(req, res, {
      topics: [chatTopic(clientId), TOPICS.presence],
      lastEventId: parseLastEventId(req, url),
      address,
    });
    if (refused) refuseStream(res, refused);
  };
}

/**
 * GET /events/chat-presence — who is online, for a widget open before its first message (no
 * conversation, so no secret yet): only the public presence topic (ADR 0013).
 */
export function chatPresenceStreamHandler(services: Services) {
  return async (req: Request, res: Response) => {
    const url = new URL(req.originalUrl, "http://localhost");
    const address = clientAddress(req);
    const early = services.sse.admit(address);
    if (early) return refuseStream(res, early);
    try {
      const limit = await hitRateLimit(services.db, "chat-stream", address, { limit: 60, windowSeconds: 60 });
      if (!limit.allowed) {
        return sendError(res, 429, "Demasiadas conexiones seguidas. Espera un momento.", {
          "Retry-After": String(limit.retryAfterSeconds),
        });
      }
    } catch (err) {
      services.logger.error({ err }, "chat presence stream: could not count");
      return sendUnavailable(res);
    }
    const refused = services.sse.open(req, res, {
      topics: [TOPICS.presence],
      lastEventId: parseLastEventId(req, url),
      address,
    });
    if (refused) refuseStream(res, refused);
  };
}
