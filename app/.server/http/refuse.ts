import type { Response } from "express";
import { referenceOf } from "../request-scope";
import { OUTAGE_MESSAGE, outageHeaders, referenceText } from "./outage";

/**
 * The one way the HTTP layer refuses a request itself (before React Router): a status and a
 * Spanish sentence, never cached. Scripts and `fetch` get `{ error }` as JSON; a browser
 * navigating (it asks for HTML first) gets a small page with the same sentence and a way home.
 */
export function sendError(
  res: Response,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  res.status(status).set({ "Cache-Control": "no-store", ...headers });
  if (res.req.accepts(["json", "html"]) === "html") {
    res.type("html").send(errorPage(status, message));
    return;
  }
  res.json({ error: message });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function errorPage(status: number, message: string): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Error ${status}</title></head>
<body><main><h1>No se pudo atender la solicitud</h1><p>${escapeHtml(message)}</p>
<p><a href="/">Volver al inicio</a></p></main></body></html>
`;
}

/**
 * The database (or a service the request needs) is out of reach: 503 with Retry-After, a Spanish
 * sentence and the reference its log line carries (outage.ts).
 */
export function sendUnavailable(res: Response, message = OUTAGE_MESSAGE) {
  res.status(503).set({ ...outageHeaders() });
  const reference = referenceOf();
  if (res.req.accepts(["json", "html"]) === "html") {
    res.type("html").send(errorPage(503, `${message} ${referenceText(reference)}`));
    return;
  }
  res.json({ error: message, reference });
}

/** Why a live stream was refused (events/sse.ts), in words, with how long to wait. */
const STREAM_REFUSALS = {
  address: {
    message:
      "Demasiadas conexiones en vivo abiertas desde tu red. Cierra otras pestañas del sitio e inténtalo de nuevo.",
    retryAfter: "30",
  },
  process: {
    message: "El servidor tiene demasiadas conexiones en vivo abiertas. Inténtalo de nuevo en unos segundos.",
    retryAfter: "10",
  },
} as const;

export function refuseStream(res: Response, why: keyof typeof STREAM_REFUSALS) {
  const { message, retryAfter } = STREAM_REFUSALS[why];
  // The connection closes after the refusal: a refused client must not keep its descriptor.
  sendError(res, 429, message, { "Retry-After": retryAfter, Connection: "close" });
}
