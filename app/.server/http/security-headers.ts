import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import onHeaders from "on-headers";

/**
 * Headers every response carries (docs/security.md). The Content-Security-Policy and
 * Permissions-Policy belong to HTML documents and are set where those are rendered (csp.ts,
 * app/entry.server.tsx). HSTS only when the request came over HTTPS: directly, or as a proxy
 * we trust said (TRUST_PROXY); a plain-HTTP deployment must never be told to insist on HTTPS.
 * Behind HTTPS every cookie is `Secure`, whoever set it. `hostDerived` (no PUBLIC_URL): the
 * sitemap and robots.txt name the request's host, so no cache may keep them for other hosts.
 */
export function securityHeaders(opts: { hostDerived?: boolean } = {}): RequestHandler {
  return (req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000");
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
