import { STATUS_CODES } from "node:http";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import type { Services } from "../services";
import type { RequestContext } from "./context";
import { newNonce } from "./csp";
import { acceptsEncoding } from "./encodings";
import {
  type CachedPage,
  type CacheTarget,
  cacheTarget,
  gzipBody,
  type PageCache,
  plainBody,
} from "./page-cache";
import { publicOrigin } from "./public-origin";

/** How long a request after a change waits for the page's new copy before it gets the old one. */
const FRESH_WAIT_MS = 1500;

/** React Router's request handler (`createRequestHandler` from react-router): Fetch in, Fetch out. */
export type PageHandler = (request: Request, context: RequestContext) => Promise<Response>;

/**
 * Pages through React Router, with copies for visitors without a session (page-cache.ts). The
 * Express ↔ Fetch conversion is @react-router/express's, here so that the cache can render a page
 * without a request (a refresh after an invalidation) and answer a kept copy without rendering.
 */
export function servePages(
  services: Services,
  handler: PageHandler,
  contextOf: (req: ExpressRequest, res: ExpressResponse) => RequestContext,
  cache: PageCache | null,
): RequestHandler {
  return async (req, res, next) => {
    try {
      const target =
        cache && !services.faults.db
          ? cacheTarget({
              method: req.method,
              path: req.path,
              url: req.originalUrl,
              headers: req.headers,
              origin: publicOrigin(services.config.PUBLIC_URL, req),
            })
          : null;
      if (cache && target) {
        const found = cache.lookup(target);
        if (found.kind === "stale" && req.method === "GET") {
          // A change was made: wait (a little) for its copy rather than answer the old one.
          const fresh = await cache.freshWithin(target, FRESH_WAIT_MS);
          if (fresh) return sendCached(req, res, fresh, "miss");
        }
        if (found.kind !== "miss") return sendCached(req, res, found.page, found.kind);
        if (req.method === "GET") {
          const filled = await cache.fill(target);
          if (filled.page) return sendCached(req, res, filled.page, "miss");
          if (filled.response) return await sendResponse(res, filled.response);
        }
      }
      await sendResponse(res, await handler(toFetchRequest(req, res), contextOf(req, res)));
    } catch (error) {
      next(error);
    }
  };
}

/** A page as the cache renders it: a GET without cookies, as a new visitor's browser sends it. */
export function renderForCache(
  services: Services,
  handler: PageHandler,
): (target: CacheTarget) => Promise<{ response: Response; nonce: string; expiresAt: () => number | null }> {
  return async (target) => {
    const nonce = newNonce();
    const context: RequestContext = {
      services,
      auth: { user: null, error: null },
      requestId: "page-cache",
      clientIp: "",
      publicOrigin: target.origin,
      cspNonce: nonce,
    };
    const response = await handler(new Request(target.url, { method: "GET" }), context);
    // The root loader says until when the page holds by the clock (an announcement's end...).
    return { response, nonce, expiresAt: () => context.cacheUntil ?? null };
  };
}

/**
 * A kept page with a new nonce. `Cache-Control: no-cache` with an ETag: a browser (or a proxy, for
 * data requests) asks again each time and gets a 304 when nothing changed. A document is `private`:
 * its nonce must not be handed to other visitors by a shared cache. A 304 carries no
 * Content-Security-Policy, so the browser keeps the policy whose nonce its stored copy holds.
 */
function sendCached(req: ExpressRequest, res: ExpressResponse, page: CachedPage, kind: string) {
  const isDocument = page.headers.some(
    ([k, v]) => k === "content-type" && v.join("").startsWith("text/html"),
  );
  res.setHeader("Cache-Control", isDocument ? "private, no-cache" : "public, no-cache");
  res.setHeader("ETag", page.etag);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("X-Page-Cache", kind);
  const match = req.headers["if-none-match"];
  if (match?.split(",").some((tag) => tag.trim() === page.etag)) {
    res.status(304).end();
    return;
  }
  const nonce = newNonce();
  res.status(page.status);
  for (const [name, pieces] of page.headers) res.setHeader(name, pieces.join(nonce));
  const gzip = acceptsEncoding(req.get("accept-encoding"), "gzip");
  const body = gzip ? gzipBody(page, nonce) : plainBody(page, nonce);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

// The rest is @react-router/express 7.18's createRemixRequest / sendRemixResponse.

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const [, forwardedPort] = req.app?.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = Number.parseInt(forwardedPort ?? "", 10) || Number.parseInt(hostPort ?? "", 10) || "";
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  // The status's own reason phrase: React Router leaves 'Internal Server Error' on a 403 or 404 it
  // rendered through an error boundary (third round of attacks, low findings).
  res.status(response.status);
  res.statusMessage = STATUS_CODES[response.status] ?? "";
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
