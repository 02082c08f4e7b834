import type { Request } from "express";

/** A host name or IPv4 address with an optional port: nothing a client could dress up. */
const PLAIN_HOST =
  /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/i;

/**
 * The origin of absolute links that leave the page: sitemap.xml, robots.txt, canonical and
 * Open Graph URLs, copied tracking links. PUBLIC_URL when set (production should set it);
 * otherwise the request's own host, but only when it is a plain host name, never an arbitrary
 * Host header a client made up.
 */
export function publicOrigin(configured: string | undefined, req: Request): string {
  if (configured) return configured;
  const host = req.get("host") ?? "";
  return PLAIN_HOST.test(host) ? `${req.protocol}://${host.toLowerCase()}` : "http://localhost";
}
