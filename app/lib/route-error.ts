import { isRouteErrorResponse } from "react-router";

/**
 * The details line of the data error screen (docs/product.md §2.1), in Spanish: what the
 * loader said when it said something (e.g. 'Products fetch error: …'), otherwise what happened
 * in words a visitor understands, never a browser's raw 'Failed to fetch'.
 */
export const OFFLINE_DETAILS =
  "No se pudo conectar con el servidor. Revisa tu conexión a Internet e inténtalo de nuevo.";

// Chrome, Firefox, Safari and Node word a failed fetch differently.
const NETWORK_ERROR = /failed to fetch|networkerror|load failed|fetch failed|network request failed/i;

export function errorDetails(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) {
    const { message } = (error.data ?? {}) as { message?: unknown };
    return typeof message === "string" && message ? message : statusDetails(error.status);
  }
  if (error instanceof Error) {
    if (NETWORK_ERROR.test(error.message)) return OFFLINE_DETAILS;
    // React Router hides a server-side exception behind this in production.
    if (error.message === "Unexpected Server Error") {
      return "El servidor no pudo atender la solicitud. Inténtalo de nuevo en unos momentos.";
    }
    if (/turbo-stream|unable to decode|unexpected token/i.test(error.message)) {
      return "El servidor respondió de forma inesperada. Inténtalo de nuevo en unos momentos.";
    }
    return error.message || undefined;
  }
  return undefined;
}

/**
 * The reference of a failure the server logged (`{ reference }` in the answer: loaderFailure in
 * app/.server/http/outage.ts, the guards, the intents): the start of the request's id, which finds
 * its log line. An exception no code answered for reaches the browser as React Router's bare
 * 'Unexpected Server Error', without one.
 */
export function errorReference(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const { reference } = (error.data ?? {}) as { reference?: unknown };
  return typeof reference === "string" && reference ? reference : undefined;
}

function statusDetails(status: number): string {
  if (status === 404) return "La página que buscas no existe.";
  if (status === 429) return "Demasiadas solicitudes seguidas. Espera un momento e inténtalo de nuevo.";
  if (status >= 500) {
    return `El servidor no respondió correctamente (error ${status}). Inténtalo de nuevo en unos momentos.`;
  }
  return `La solicitud no se pudo completar (error ${status}).`;
}
