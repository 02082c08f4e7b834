import { data } from "react-router";
import { isDatabaseUnavailable, toDomainError } from "../errors";
import type { Logger } from "../logger";
import { referenceOf } from "../request-scope";

/**
 * How a page or endpoint answers when the database cannot be reached (docs/security.md): 503
 * with `Retry-After`, the spec's words or a fixed Spanish sentence, and a reference a person can
 * quote; what failed (the query, the driver's message) goes only to the log, under the same id.
 */
export const RETRY_AFTER_SECONDS = 15;
export const OUTAGE_DETAILS = "la base de datos no respondió.";
export const OUTAGE_MESSAGE =
  "El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.";

export const outageHeaders = () => ({
  "Retry-After": String(RETRY_AFTER_SECONDS),
  "Cache-Control": "no-store",
});

/** `Referencia: ab12cd34`: appended to what a page shows, and the key to find the log line. */
export const referenceText = (reference = referenceOf()) => `Referencia: ${reference}`;

/**
 * A page loader's failure (docs/product.md §2.1: it shows 'Error al Cargar Datos'): logged with
 * its details, answered as `{ message: '<what>: la base de datos no respondió.', reference }`
 * with 503 when the database is out of reach, or '<what>: ocurrió un error inesperado.' with 500.
 * `what` is the spec's prefix, e.g. 'Products fetch error'. Throw what it returns.
 */
export function loaderFailure(err: unknown, opts: { logger: Logger; what: string }) {
  const down = isDatabaseUnavailable(err);
  opts.logger.error({ err }, `${opts.what}${down ? " (database unavailable)" : ""}`);
  const reference = referenceOf();
  return data(
    { message: `${opts.what}: ${down ? OUTAGE_DETAILS : "ocurrió un error inesperado."}`, reference },
    { status: down ? 503 : 500, headers: down ? outageHeaders() : { "Cache-Control": "no-store" } },
  );
}

/** Whether a failure is the database being out of reach (typed or raw). */
export const isOutage = (err: unknown) => toDomainError(err)?.kind === "unavailable";
