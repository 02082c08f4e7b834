import type { Express } from "express";
import { orderTopic, TOPICS } from "../../lib/events";
import { TRACKING_NOT_FOUND, trackingLimitMessage, validateTrackingInput } from "../../lib/orders";
import { sessionIsLive } from "../auth/sessions";
import { RateLimitedError } from "../errors";
import { parseLastEventId } from "../events/sse";
import { orderExists } from "../orders/orders";
import { limitTrackingLookups } from "../orders/tracking";
import type { Services } from "../services";
import { clientAddress } from "../trust-proxy";
import type { Locals } from "./context";
import { refuseStream, sendError, sendUnavailable } from "./refuse";
import { chatPresenceStreamHandler, chatStreamHandler } from "./visitor-chat";

/**
 * The live-update streams (Server-Sent Events). Each route first asks the hub whether this
 * address may open one more (no database work for a refused stream), then checks who may read
 * what, then opens a stream carrying only the topics it authorised.
 */
export function installStreamRoutes(app: Express, services: Services) {
  const { db, config, logger, sse } = services;

  // Staff screens (orders, chat): the stream lives as long as the session does.
  app.get("/events/staff", (req, res) => {
    const { auth, sessionToken } = res.locals as Locals;
    if (auth.error)
      return sendUnavailable(res, "No se pudo verificar la sesión. Inténtalo de nuevo en unos segundos.");
    if (!auth.user || !sessionToken) return sendError(res, 401, "Debes iniciar sesión.");
    const url = new URL(req.originalUrl, "http://localhost");
    const refused = sse.open(req, res, {
      topics: [TOPICS.staff],
      lastEventId: parseLastEventId(req, url),
      address: clientAddress(req),
      session: {
        userId: auth.user.id,
        isLive: () => sessionIsLive(db, sessionToken, config.SESSION_MAX_DAYS),
      },
    });
    if (refused) refuseStream(res, refused);
  });

  // A visitor's tracking page: only the order they looked up, while it exists. Opening the
  // stream is a look-up like the page's own, under the same per-address limit.
  app.get("/events/track/:numero", async (req, res) => {
    const v = validateTrackingInput(req.params.numero);
    if (!v.ok) return sendError(res, 400, v.message);
    const address = clientAddress(req);
    const early = sse.admit(address);
    if (early) return refuseStream(res, early);
    try {
      await limitTrackingLookups(db, address, config.TRACKING_LOOKUPS_PER_MINUTE);
      if (!(await orderExists(db, v.value))) return sendError(res, 404, TRACKING_NOT_FOUND);
    } catch (err) {
      if (err instanceof RateLimitedError) {
        const wait = err.retryAfterSeconds ?? 60;
        return sendError(res, 429, trackingLimitMessage(wait), { "Retry-After": String(wait) });
      }
      logger.error({ err }, "tracking stream: look-up failed");
      return sendUnavailable(res);
    }
    const url = new URL(req.originalUrl, "http://localhost");
    const refused = sse.open(req, res, {
      topics: [orderTopic(v.value)],
      lastEventId: parseLastEventId(req, url),
      address,
    });
    if (refused) refuseStream(res, refused);
  });

  // A visitor's chat: only their own conversation (secret checked) and who is online.
  app.get("/events/chat/:clientId", chatStreamHandler(services));
  // A widget open before the first message: only who is online.
  app.get("/events/chat-presence", chatPresenceStreamHandler(services));
}
