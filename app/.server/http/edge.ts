import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { isBadUrl } from "./input-text";
import { sendError } from "./refuse";

/**
 * Checks every request gets before anything else reads it (docs/security.md): a method the site
 * answers (TRACE, CONNECT, … are 405), a Host header that is a host name (an unparsable one
 * would otherwise throw deep inside URL parsing, logging a stack trace), and a URL without NUL.
 * A response sent before its request's body was read (a refusal: too large, not signed in)
 * closes the connection: the unread rest of the body must not be taken for the next request.
 */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const ALLOW = [...METHODS].join(", ");

/** `name[:port]`, `a.b.c.d[:port]` or `[ipv6][:port]`: what a browser sends, nothing else. */
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_.-]{0,252})|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

export function isValidHost(value: string): boolean {
  if (!HOST.test(value)) return false;
  try {
    new URL(`http://${value}`);
    return true;
  } catch {
    return false;
  }
}

export function edgeChecks(opts: { trustsProxy: boolean }): RequestHandler {
  return (req, res, next) => {
    onHeaders(res, function (this: ServerResponse) {
      if (!req.complete) this.setHeader("Connection", "close");
    });
    if (!METHODS.has(req.method)) {
      return sendError(res, 405, "Método no permitido.", { Allow: ALLOW });
    }
    const host = req.headers.host;
    // Every request names its host (HTTP/1.1 requires it; without one, URL parsing failed deep
    // inside with a stack trace in the log).
    if (host === undefined) return sendError(res, 400, "La cabecera Host de la solicitud no es válida.");
    const forwarded = opts.trustsProxy ? req.headers["x-forwarded-host"] : undefined;
    const hosts = [host, ...(typeof forwarded === "string" ? forwarded.split(",") : [])];
    if (hosts.some((h) => h !== undefined && !isValidHost(h.trim()))) {
      return sendError(res, 400, "La cabecera Host de la solicitud no es válida.");
    }
    if (isBadUrl(req.originalUrl)) {
      return sendError(
        res,
        400,
        "La dirección contiene caracteres no válidos. Revísala e inténtalo de nuevo.",
      );
    }
    next();
  };
}
