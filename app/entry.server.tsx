import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { bucketImageOrigin, contentSecurityPolicy, PERMISSIONS_POLICY } from "./.server/http/csp";
import { lowPriorityModulePreloads } from "./.server/http/html-transform";

// React Router's default Node entry, plus two steps: script preloads are streamed with low
// priority (see html-transform.ts), and every document carries our Content-Security-Policy,
// whose nonce React Router and React put on the inline scripts they render (docs/decisions/0010).
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
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
    const userAgent = request.headers.get("user-agent");
    // Crawlers (and link previews) get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort a render still streaming after the timeout (rejected boundaries get flushed).
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const html = lowPriorityModulePreloads();
          html.once("finish", () => clearTimeout(timeoutId));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(html);
          resolve(
            new Response(createReadableStreamFromReadable(html), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
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
