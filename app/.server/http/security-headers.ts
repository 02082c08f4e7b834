import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";
import onHeaders from "on-headers";

/**
 * The headers helmet sets on every response: exactly these three (docs/security.md), each of
 * helmet's other defaults turned off. The Content-Security-Policy and Permissions-Policy belong
 * to HTML documents and are set where those are rendered (csp.ts, app/entry.server.tsx): the
 * policy's nonce is the one React Router put on the page, and the page cache keeps it with the
 * page (pages.ts), which helmet's per-response middleware cannot know. X-Powered-By is off in
 * app.ts.
 */
const everyResponse = helmet({
  xContentTypeOptions: true,
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  xFrameOptions: { action: "sameorigin" },
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
});

/**
 * HSTS only when the request came over HTTPS: directly, or as a proxy we trust said
 * (TRUST_PROXY); a plain-HTTP deployment must never be told to insist on HTTPS. helmet would
 * send it on every response, hence the condition around it.
 */
const hsts = helmet.strictTransportSecurity({ maxAge: 31536000, includeSubDomains: false });
const hstsWhenSecure: RequestHandler = (req, res, next) => (req.secure ? hsts(req, res, next) : next());

/**
 * Headers every response carries (docs/security.md), HSTS behind HTTPS, and two that depend on
 * what the handler did: behind HTTPS every cookie is `Secure`, whoever set it; private pages and,
 * when `hostDerived` (no PUBLIC_URL), the sitemap and robots.txt (they name the request's host)
 * are `no-store`.
 */
export function securityHeaders(opts: { hostDerived?: boolean } = {}): RequestHandler[] {
  const cacheAndCookies: RequestHandler = (req, res, next) => {
    const noStore =
      isPrivatePath(req.path, req.query as Record<string, unknown>) ||
      (opts.hostDerived === true && HOST_DERIVED.has(req.path));
    const secure = req.secure;
    if (noStore || secure) {
      // Whatever the handler set, just before the headers go out.
      onHeaders(res, function (this: ServerResponse) {
        // Private pages must never be kept by a cache or the back button.
        if (noStore) this.setHeader("Cache-Control", "no-store");
        if (secure) secureCookies(this);
      });
    }
    next();
  };
  return [everyResponse, hstsWhenSecure, cacheAndCookies];
}

/**
 * Pages no shared cache or back-forward cache may keep: staff pages and their data requests
 * (`/admin/orders.data`), sign-in and sign-out, and a tracking result, which shows a customer's
 * name, address and phone.
 */
export function isPrivatePath(path: string, query: Record<string, unknown>): boolean {
  const p = path.replace(/\.data$/, "");
  if (p === "/admin" || p.startsWith("/admin/") || p === "/admin-login" || p === "/logout") return true;
  return p === "/seguimiento" && query.numero !== undefined;
}

/** Answers built from the request's Host when PUBLIC_URL is not set. */
const HOST_DERIVED = new Set(["/sitemap.xml", "/robots.txt"]);

/** Adds `Secure` to every Set-Cookie that lacks it (the flash cookie, anything a library sets). */
function secureCookies(res: ServerResponse) {
  const cookies = res.getHeader("Set-Cookie");
  if (cookies === undefined) return;
  const list = Array.isArray(cookies) ? cookies : [String(cookies)];
  res.setHeader(
    "Set-Cookie",
    list.map((c) => (/;\s*secure\s*(;|$)/i.test(c) ? c : `${c}; Secure`)),
  );
}
