import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "../logger";
import { runInRequestScope } from "../request-scope";
import type { Locals } from "./context";

/**
 * Access logs must keep no secret and no key to customer data: a conversation's secret, or a
 * tracking number (it opens the customer's name, address and phone), in a query or a path.
 */
export const redactSecrets = (url: string) =>
  url.replace(/([?&](?:secret|numero)=)[^&#]*/gi, "$1***").replace(/(\/events\/track\/)[^/?#]*/i, "$1***");

/** A request id (the proxy's X-Request-Id or a new one) and one access-log line per request. */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.headers["x-request-id"];
    const requestId = (typeof given === "string" && /^[\w.:-]{1,64}$/.test(given) && given) || randomUUID();
    (res.locals as Locals).requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const isAsset =
        req.path.startsWith("/assets/") || req.path.startsWith("/@") || req.path.startsWith("/node_modules/");
      logger[isAsset ? "debug" : "info"](
        {
          reqId: requestId,
          method: req.method,
          url: redactSecrets(req.originalUrl),
          status: res.statusCode,
          ms: Math.round(ms),
        },
        "request",
      );
    });
    runInRequestScope(requestId, next);
  };
}
