import pino from "pino";
import { currentRequestId } from "./request-scope";

export type Logger = pino.Logger;

/** `destination`: standard output unless given (a test reads the lines it writes). */
export function createLogger(
  level: string = process.env.LOG_LEVEL ?? "info",
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ["password", "*.password", "req.headers.cookie"], censor: "[oculto]" },
    serializers: { err: (err: Error) => scrubError(pino.stdSerializers.err(err)) },
    // Every line written while a request is served names it (request-scope.ts).
    mixin: (fields) => {
      const reqId = currentRequestId();
      return reqId && !("reqId" in fields) ? { reqId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Fields of database errors that repeat the values a query carried (customer data). */
const VALUE_FIELDS = new Set(["params", "parameters", "detail", "where", "internalQuery"]);

/**
 * Logged errors keep what went wrong and where, never the values: Drizzle puts every query
 * parameter in its message ("Failed query: … params: ana@example.com,…"), and PostgreSQL quotes
 * the offending value ('invalid input syntax for type uuid: "…"', 'Key (email)=(…)').
 */
export function scrubError<T>(value: T, depth = 0): T {
  if (depth > 6 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => scrubError(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (VALUE_FIELDS.has(key)) continue;
    if (typeof v === "string" && (key === "message" || key === "stack" || key === "msg"))
      out[key] = scrubText(v);
    else out[key] = scrubError(v, depth + 1);
  }
  return out as T;
}

export function scrubText(text: string): string {
  return text
    .replace(/\nparams: [^\n]*/g, "\nparams: [ocultos]")
    .replace(/(: )"(?:[^"\\\n]|\\.){0,500}"/g, '$1"…"')
    .replace(/\(([^()\n]{0,200})\)=\(([^\n]{0,500}?)\)/g, "($1)=(…)");
}
