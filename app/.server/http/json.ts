import type { z } from "zod";
import { type DomainError, InvalidInputError, toDomainError } from "../errors";
import type { Logger } from "../logger";
import { referenceOf } from "../request-scope";
import { BAD_TEXT_MESSAGE, hasBadText } from "./input-text";
import { outageHeaders } from "./outage";

/**
 * JSON answers for the API routes (the chat widget's calls): never cached, errors as { error }.
 * They carry their length, so the compression middleware leaves a small one (under 1 KB: most of
 * them) as it is instead of starting a gzip stream for it.
 */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  return new Response(text, {
    status,
    headers: {
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(text)),
      "Cache-Control": "no-store",
      ...headers,
    },
  });
}

/**
 * A refused API request: a typed refusal answers its status with the words `describe` gives
 * (Spanish, from the feature's message table); a database out of reach answers 503 with
 * `fallback`, `Retry-After` and a reference (outage.ts); anything else is logged and answers 500
 * with `fallback` and a reference. Never a stack trace.
 */
export function jsonFailure(
  err: unknown,
  opts: { logger: Logger; describe: (error: DomainError) => string | undefined; fallback: string },
): Response {
  const failure = toDomainError(err);
  if (!failure || failure.kind === "unavailable") {
    opts.logger.error({ err }, failure ? "api request failed: database unavailable" : "api request failed");
    const body = { error: opts.fallback, reference: referenceOf() };
    return failure ? json(body, 503, outageHeaders()) : json(body, 500);
  }
  const headers: Record<string, string> = failure.retryAfterSeconds
    ? { "Retry-After": String(failure.retryAfterSeconds) }
    : {};
  return json(
    { error: opts.describe(failure) ?? bodyRefusal(failure) ?? opts.fallback },
    failure.status,
    headers,
  );
}

/** The refusals of a request's body that this layer makes itself (readJson, schemaRefusal). */
function bodyRefusal(failure: DomainError): string | undefined {
  if (failure.kind !== "invalid") return undefined;
  if (failure.reason === "json") return "Solicitud inválida: se esperaba JSON.";
  if (failure.reason === "bad-text") return BAD_TEXT_MESSAGE;
  if (failure.reason === "schema") return failure.detail;
  return undefined;
}

/** A body the schema refused: reason "schema", the first refused field, and the schema's own words. */
export function schemaRefusal(error: z.ZodError): InvalidInputError {
  const issue = error.issues[0];
  const field = typeof issue?.path[0] === "string" ? issue.path[0] : undefined;
  return new InvalidInputError("schema", field, issue?.message);
}

/**
 * Parses a JSON body with `schema`. A body that is not JSON throws InvalidInputError("json"); one
 * with NUL or broken text anywhere (input-text.ts) InvalidInputError("bad-text"); one that does
 * not fit the schema InvalidInputError("schema") with the schema's message (schemaRefusal).
 */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new InvalidInputError("json");
  }
  if (hasBadText(body)) throw new InvalidInputError("bad-text");
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw schemaRefusal(parsed.error);
  return parsed.data;
}
