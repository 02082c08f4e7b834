import type { Request, RequestHandler } from "express";
import { sendError } from "./refuse";

/** Methods that change nothing: never checked. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_REFUSAL = "Solicitud rechazada: no viene de una página de este sitio.";

/**
 * The one check of where a state-changing request comes from, for every route there is: React
 * Router's actions, its resource routes (which it does not check: a page on another port of the
 * same host signed staff out, subscribed them to push and changed their chat status, third round
 * of attacks, finding 5) and our own Express handlers. A browser names the page a request comes
 * from in `Origin` (every cross-origin POST carries it) and says how it relates to the site in
 * `Sec-Fetch-Site`. Refused: an Origin other than the site's own (the request's scheme and Host as
 * the trusted proxies report them, or PUBLIC_URL), an opaque `null` origin (a sandboxed frame, a
 * data: page), and any request a browser marks as from another site. A request without either
 * header is no browser's (the command line, a monitor, our own tests) and passes: no page could
 * make it with the visitor's cookies.
 */
export function sameOriginWrites(publicUrl: string | undefined): RequestHandler {
  const configured = publicUrl ? new URL(publicUrl).origin : null;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || comesFromSite(req, configured)) return next();
    sendError(res, 403, CROSS_SITE_REFUSAL);
  };
}

function comesFromSite(req: Request, configured: string | null): boolean {
  const origin = req.get("origin");
  if (origin !== undefined) {
    const own = `${req.protocol}://${(req.get("host") ?? "").toLowerCase()}`;
    return origin.toLowerCase() === own || origin === configured;
  }
  const site = req.get("sec-fetch-site");
  return site === undefined || site === "same-origin" || site === "none";
}
