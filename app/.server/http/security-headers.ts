import type { RequestHandler } from "express";
import { beforeHeaders } from "./before-headers";

/**
 * Headers every response carries (docs/security.md). The Content-Security-Policy and
 * Permissions-Policy belong to HTML documents and are set where those are rendered (csp.ts,
 * app/entry.server.tsx). HSTS only when the request came over HTTPS: directly, or as a proxy
 * we trust said (TRUST_PROXY); a plain-HTTP deployment must never be told to insist on HTTPS.
 */
export function securityHeaders(): RequestHandler {
  return (req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000");
    if (isPrivatePath(req.path, req.query as Record<string, unknown>)) {
      // Whatever the handler set: these must never be kept by a cache or the back button.
      beforeHeaders(res, (r) => r.setHeader("Cache-Control", "no-store"));
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
