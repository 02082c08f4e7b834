import { randomUUID } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { pinoHttp } from "pino-http";
import type { Logger } from "../logger";
import { runInRequestScope } from "../request-scope";
import type { Locals } from "./context";

/** Query parameters whose values say nothing about a person: paging, filters, stream positions. */
const PLAIN_QUERY = new Set([
  "lastEventId",
  "page",
  "pagina",
  "estado",
  "tienda",
  "version",
  "index",
  "_routes",
]);

/**
 * Access logs must keep no secret and no customer data (docs/security.md): a conversation's
 * secret, a tracking number (it opens the customer's name, address and phone), a staff search for
 * a phone or a name. Every query value is hidden but those of PLAIN_QUERY, the tracking
 * number in a stream's path and the token in a password link's path.
 */
export const redactSecrets = (url: string) =>
  url
    .replace(/([?&])([^=&#]+)=([^&#]*)/g, (whole, sep: string, key: string) =>
      PLAIN_QUERY.has(key) ? whole : `${sep}${key}=***`,
    )
    .replace(/(\/events\/track\/)[^/?#]*/i, "$1***")
    // A password link's token opens an account until it is used (staff/staff-links.ts).
    .replace(/(\/admin\/clave\/)[^/?#]*/i, "$1***");

const isAsset = (path: string) =>
  path.startsWith("/assets/") || path.startsWith("/@") || path.startsWith("/node_modules/");

/**
 * A request id (the proxy's X-Request-Id or a new one) and one access-log line per request
 * (pino-http), with the fields chosen here: never the request's headers (cookies) nor its raw URL.
 * The line is written when the response finished, or when the client went away first ("request
 * aborted", e.g. a live-update stream closed); assets are logged at debug level.
 */
export function accessLog(logger: Logger): RequestHandler {
  const line = (req: Request, res: Response, ms: number) => ({
    reqId: (res.locals as Locals).requestId,
    method: req.method,
    url: redactSecrets(req.originalUrl),
    status: res.statusCode,
    ms,
  });
  const message = (_req: Request, res: Response) => (res.writableEnded ? "request" : "request aborted");
  const httpLogger = pinoHttp<Request, Response>({
    logger,
    genReqId: (req, res) => {
      const given = req.headers["x-request-id"];
      const requestId = (typeof given === "string" && /^[\w.:-]{1,64}$/.test(given) && given) || randomUUID();
      (res.locals as Locals).requestId = requestId;
      res.setHeader("X-Request-Id", requestId);
      return requestId;
    },
    // Lines are written through `logger` itself, whose mixin names the request (logger.ts): the
    // per-request child loggers (`req.log`) are not used, so no request is serialized into them.
    quietResLogger: true,
    wrapSerializers: false,
    serializers: { req: () => undefined },
    customLogLevel: (req) => (isAsset(req.path) ? "debug" : "info"),
    customSuccessObject: (req, res, val: { responseTime: number }) => line(req, res, val.responseTime),
    // A 5xx is logged like any other request here; its cause is logged where it was caught (app.ts).
    customErrorObject: (req, res, _err, val: { responseTime: number }) => line(req, res, val.responseTime),
    customSuccessMessage: message,
    customErrorMessage: message,
  });
  return (req, res, next) =>
    httpLogger(req, res, () => runInRequestScope((res.locals as Locals).requestId, next));
}
