/**
 * Typed failures of domain functions, and the one mapper from database errors to them.
 *
 * Domain modules speak data: they throw these with a machine-readable `reason` and never a
 * sentence for people. Routes (or a feature's message table in app/lib) turn them into Spanish.
 */

export type FailureKind =
  | "not_found"
  | "invalid"
  | "conflict"
  | "unauthenticated"
  | "forbidden"
  | "rate_limited"
  | "unavailable";

/** The HTTP status each kind of failure answers with. */
export const FAILURE_STATUS = {
  not_found: 404,
  invalid: 400,
  conflict: 409,
  unauthenticated: 401,
  forbidden: 403,
  rate_limited: 429,
  unavailable: 503,
} as const satisfies Record<FailureKind, number>;

export class DomainError extends Error {
  constructor(
    readonly kind: FailureKind,
    /** What failed, e.g. "order", "conversation-not-resolved"; looked up in message tables. */
    readonly reason: string,
    opts: { retryAfterSeconds?: number; field?: string; detail?: string; cause?: unknown } = {},
  ) {
    super(`${kind}: ${reason}`, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.field = opts.field;
    this.detail = opts.detail;
  }
  readonly retryAfterSeconds?: number;
  /** The form field the failure is about, when there is one. */
  readonly field?: string;
  /**
   * With reason "schema": what the shared schema (app/lib) says about the refused value, already
   * written for people. The reason stays the key; this is only carried to the route's answer.
   */
  readonly detail?: string;

  get status(): number {
    return FAILURE_STATUS[this.kind];
  }
}

/** A row the request names does not exist (any more). `reason` names the entity: "order". */
export class NotFoundError extends DomainError {
  constructor(entity: string) {
    super("not_found", entity);
  }
}

/** The input breaks a rule the form schema could not check (or the database refused it). */
export class InvalidInputError extends DomainError {
  constructor(reason: string, field?: string, detail?: string) {
    super("invalid", reason, { field, detail });
  }
}

/** The request is valid but the current state forbids it, or it would duplicate a row. */
export class ConflictError extends DomainError {
  constructor(reason: string) {
    super("conflict", reason);
  }
}

/** Credentials or a secret that do not open what they claim to. */
export class UnauthenticatedError extends DomainError {
  constructor(reason: string) {
    super("unauthenticated", reason);
  }
}

export class ForbiddenError extends DomainError {
  constructor(reason: string) {
    super("forbidden", reason);
  }
}

export class RateLimitedError extends DomainError {
  constructor(reason: string, retryAfterSeconds: number) {
    super("rate_limited", reason, { retryAfterSeconds });
  }
}

/**
 * The database (or another service the request needs) cannot be reached right now: a restart, an
 * outage. Not the request's fault; it may be retried after `retryAfterSeconds`.
 */
export class UnavailableError extends DomainError {
  constructor(reason: string, opts: { cause?: unknown; retryAfterSeconds?: number } = {}) {
    super("unavailable", reason, { retryAfterSeconds: opts.retryAfterSeconds ?? 15, cause: opts.cause });
  }
}

/** PostgreSQL's SQLSTATE of an error from pg, PGlite or Drizzle (which wraps it in `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === "string" ? code : undefined;
}

/** Input the database refused as malformed: bad uuid or number (22P02), dangling reference
 * (23503), invalid byte sequence such as NUL in text (22021), value too long (22001). */
const INVALID_INPUT_CODES = new Set(["22P02", "23503", "22021", "22001"]);

/**
 * SQLSTATEs of a server that is going away, starting, or out of connections: class 08 (connection
 * exception), 57P01–57P03 (terminated by an administrator, crash shutdown, cannot connect now),
 * 53300 (too many connections). Node's socket errors and pg's own messages when the connection
 * breaks carry no SQLSTATE.
 */
const UNAVAILABLE_CODES =
  /^(08...|57P0[1-3]|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/;
const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed|Cannot use a pool after calling end|PGlite is closed/i;

/** Whether `err` (or what it wraps) says the database could not be reached, rather than refused the query. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 5 || err === null || typeof err !== "object") return false;
  if (err instanceof UnavailableError) return true;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === "string" && UNAVAILABLE_CODES.test(e.code)) return true;
  if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

export const isUniqueViolation = (err: unknown): boolean => pgErrorCode(err) === "23505";

/**
 * The one mapper every action uses: a DomainError as it is, a database refusal as a typed
 * error (invalid input → 400, unique violation → 409), a database out of reach as
 * UnavailableError (503, retry later), anything else null (a real failure: log it and answer 500).
 */
export function toDomainError(err: unknown): DomainError | null {
  if (err instanceof DomainError) return err;
  if (isDatabaseUnavailable(err)) return new UnavailableError("database", { cause: err });
  const code = pgErrorCode(err);
  if (code && INVALID_INPUT_CODES.has(code)) return new InvalidInputError("database", undefined);
  if (code === "23505") return new ConflictError("unique");
  return null;
}
