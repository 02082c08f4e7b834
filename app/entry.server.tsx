import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isDatabaseUnavailable } from "./.server/errors";
import { bucketImageOrigin, contentSecurityPolicy, PERMISSIONS_POLICY } from "./.server/http/csp";
import { hydrateAfterFirstPaint, lowPriorityModulePreloads } from "./.server/http/html-transform";
import { outageHeaders } from "./.server/http/outage";

// React Router's default Node entry, plus three steps: the page is rendered whole and sent as one
// string (below), its script preloads get low priority (see html-transform.ts), and every
// document carries our Content-Security-Policy, whose nonce React Router and React put on the
// inline scripts they render (docs/decisions/0010).
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  if (loadContext.outage && responseStatusCode >= 500) responseStatusCode = 503;
  // A 503 is always "come back later" (a thrown data() loses its own headers on the way).
  if (responseStatusCode === 503) withRetryAfter(responseHeaders);
  // Vite's dev server injects inline scripts of its own (hot reload) without our nonce.
  if (loadContext.services.config.NODE_ENV !== "development") {
    const https = new URL(request.url).protocol === "https:";
    const imageOrigin = bucketImageOrigin(loadContext.services.config);
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, { https, imageOrigin }));
  }
  responseHeaders.set("Permissions-Policy", PERMISSIONS_POLICY);

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Abort a render still waiting after the timeout (pending boundaries render on the client).
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        // Our pages load their data in loaders and defer nothing, so the whole page is ready
        // when its shell is: it is sent as one string rather than streamed in ~2 KB chunks, each
        // of which would cross a Node → web → Node stream and a compressor call of its own.
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
          });
          sink.once("finish", () => {
            clearTimeout(timeoutId);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            const page = Buffer.concat(chunks).toString("utf8");
            const html = isPublicPage(routerContext)
              ? hydrateAfterFirstPaint(page)
              : lowPriorityModulePreloads(page);
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * A loader or action threw what it did not handle itself. Logged as JSON with the request's id (the
 * reference a page shows); when the database was out of reach the answer becomes a 503 with
 * Retry-After (above, and handleDataRequest) instead of React Router's 500.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A refusal the route threw on purpose (data() with a 4xx, an outage it logged itself).
  if (isRouteErrorResponse(error) && !(error as { error?: unknown }).error) return;
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : error;
  const outage = isDatabaseUnavailable(cause);
  if (outage) context.outage = true;
  // React Router's own refusals (a POST to a page without an action: 405) are the client's doing.
  if (isRouteErrorResponse(error) && error.status < 500) {
    context.services.logger.warn({ status: error.status, err: cause }, "request refused");
    return;
  }
  context.services.logger.error(
    { err: cause },
    outage ? "request failed: database unavailable" : "request failed",
  );
};

/** A client-side navigation's data request (`/tienda.data`): as above, 503 with Retry-After on an outage. */
export function handleDataRequest(response: Response, { context }: { context: AppLoadContext }) {
  const status = context.outage && response.status >= 500 ? 503 : response.status;
  if (status !== 503) return response;
  const headers = withRetryAfter(new Headers(response.headers));
  return new Response(response.body, { status, headers });
}

function withRetryAfter(headers: Headers): Headers {
  for (const [name, value] of Object.entries(outageHeaders()))
    if (!headers.has(name)) headers.set(name, value);
  return headers;
}

/** A page inside the public site shell (staff screens hydrate at once: they are all controls). */
function isPublicPage(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.some((m) => m.route.id === "routes/shell-layout");
}
