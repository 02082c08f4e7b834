import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { can, type Permission, type StaffRole } from "../../lib/permissions";
import { type DomainError, toDomainError } from "../errors";
import type { Logger } from "../logger";
import { referenceOf } from "../request-scope";
import { BAD_TEXT_MESSAGE, formHasBadText, hasBadText } from "./input-text";
import { outageHeaders } from "./outage";

/**
 * The one action shape (docs/decisions/0007): a staff form posts a hidden `intent`; the action
 * picks that intent's handler, parses the form with the handler's zod schema (the same schema
 * the form validates with in the browser, through Conform), calls one domain function, and
 * answers an `IntentReply`: Conform's `submission.reply()` (field errors shown by the fields,
 * what was typed kept) and the message the route's own table chose (a toast, in Spanish).
 *
 * A staff route's table says, intent by intent, which permission of app/lib/permissions.ts each
 * needs (`staffIntentsWith`); the action passes the signed-in `user` and the chosen intent's
 * permission is checked before its form is parsed.
 *
 * Generic in the message type `M`: this module does not know what a toast is.
 */

/**
 * Parses a form body; a body that is not a form, or that carries NUL or broken text in any
 * field (input-text.ts), gets a clear 400 instead of reaching the database.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ message: "Solicitud inválida: se esperaba un formulario." }, { status: 400 });
  }
  if (formHasBadText(form)) throw data({ message: BAD_TEXT_MESSAGE }, { status: 400 });
  return form;
}

/**
 * A JSON request's body under the intent its route stands for (the chat widget's calls): parsed
 * by the handler's schema like a form, answered like one.
 */
export type JsonIntent = { intent: string; body: unknown };

/** Reads a JSON body for `intent`; a body that is not JSON, or carries broken text, gets a clear 400. */
export async function readJsonIntent(request: Request, intent: string): Promise<JsonIntent> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw data({ error: "Solicitud inválida: se esperaba JSON." }, { status: 400 });
  }
  if (hasBadText(body)) throw data({ error: BAD_TEXT_MESSAGE }, { status: 400 });
  return { intent, body };
}

export type IntentReply<M> = {
  intent: string;
  ok: boolean;
  result: SubmissionResult<string[]>;
  message: M | null;
  /** What a successful intent shows beyond its message (e.g. a password to copy once). */
  extra?: Record<string, unknown>;
  /** A failure the log explains (database out of reach, unexpected error): the id to look for. */
  reference?: string;
};

export type IntentHandler<M, S extends z.ZodType = z.ZodType, Out = unknown> = {
  /**
   * Who may run it: a staff permission (app/lib/permissions.ts), checked against the caller
   * before anything else; 'visitor' for a visitor's call, which its domain function guards (the
   * conversation secret).
   */
  permission?: Permission | "visitor";
  schema: S;
  /** The one domain call of this intent. */
  run: (value: z.output<S>) => Promise<Out>;
  /** The message after success, or null for none. */
  done: (out: Out, value: z.output<S>) => M | null;
  /** The message after a refusal: a typed domain error, or null for an unexpected failure. */
  failed: (error: DomainError | null, value: z.output<S>) => M;
  /** The message when the form does not validate; by default none (errors show by the fields). */
  invalid?: (errors: Record<string, string[] | null>) => M | null;
  /** A domain refusal about one field, shown by that field (e.g. a category that no longer exists). */
  fieldError?: (error: DomainError) => Record<string, string[]> | undefined;
  /** Clear the form after success (Conform's resetForm). */
  resetForm?: boolean;
  /** Fields never echoed back to the form (passwords). */
  hideFields?: string[];
  /** After success, data the form shows beyond the message (sent once, never cached). */
  extra?: (out: Out, value: z.output<S>) => Record<string, unknown>;
  /** After success, answer this instead of a reply (e.g. a redirect that sets cookies). */
  respond?: (out: Out, value: z.output<S>) => Promise<Response> | Response;
};

/** Declares one handler, keeping its schema's output type for `run` and `done`. */
export function defineIntent<M, S extends z.ZodType, Out>(
  handler: IntentHandler<M, S, Out>,
): IntentHandler<M, z.ZodType, unknown> {
  return handler as unknown as IntentHandler<M, z.ZodType, unknown>;
}

/** `defineIntent` with the message type fixed once per route: `const intent = intentsWith<ToastMessage>()`. */
export function intentsWith<M>() {
  return <S extends z.ZodType, Out>(handler: IntentHandler<M, S, Out>) => defineIntent<M, S, Out>(handler);
}

export type IntentTable<M> = Record<string, IntentHandler<M, z.ZodType, unknown>>;

/** A staff intent: it names the staff permission it needs. */
export type StaffIntentHandler<M> = IntentHandler<M, z.ZodType, unknown> & { permission: Permission };
export type StaffIntentTable<M> = Record<string, StaffIntentHandler<M>>;

/** `intentsWith` for a staff route: every intent says which permission it needs (the typecheck insists). */
export function staffIntentsWith<M>() {
  return <S extends z.ZodType, Out>(
    handler: IntentHandler<M, S, Out> & { permission: Permission },
  ): StaffIntentHandler<M> => ({ ...defineIntent<M, S, Out>(handler), permission: handler.permission });
}

/**
 * Runs the handler the form's `intent` names (or the JSON request's) and answers with its reply
 * and status. A staff action passes its signed-in `user`: the chosen intent's permission is
 * checked before the form is parsed (403 with `forbidden`), so no route picks a permission by
 * matching an intent's name. A staff intent dispatched without `user`, or a `user` over an intent
 * that names no staff permission, is a mistake of the route: it fails loudly.
 */
export async function dispatchIntent<M>(
  input: FormData | JsonIntent,
  handlers: IntentTable<M>,
  opts: {
    logger: Logger;
    unknownIntent: M;
    /** The signed-in staff member (checked against each intent's permission). */
    user?: { role: StaffRole } | null;
    /** What a refused permission says (default: the unknown intent's words). */
    forbidden?: M;
  },
) {
  const raw = input instanceof FormData ? input.get("intent") : input.intent;
  // A JSON caller (the widget) reads a refusal's words as `error`, like every JSON answer.
  const reply = <T>(body: IntentReply<T>, status: number, headers: Record<string, string> = {}) =>
    answer(input instanceof FormData || body.ok ? body : { ...body, error: body.message }, status, headers);
  const intent = typeof raw === "string" ? raw.slice(0, 50) : "";
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) {
    return reply({ intent, ok: false, result: { status: "error" }, message: opts.unknownIntent }, 400);
  }
  const staffPermission = handler.permission && handler.permission !== "visitor" ? handler.permission : null;
  if (!staffPermission !== !opts.user) {
    throw new Error(`intent "${intent}": a staff intent names its permission and its action passes the user`);
  }
  if (staffPermission && !can(opts.user, staffPermission)) {
    const message = opts.forbidden ?? opts.unknownIntent;
    const refused = reply({ intent, ok: false, result: { status: "error" }, message }, 403);
    // A form's refusal is thrown, like requirePermission's: a page's post then answers 403 at once
    // instead of running the page's loaders (which send an operador elsewhere with a 200). A JSON
    // caller (the widget, the inbox) gets it returned and reads its words.
    if (input instanceof FormData) throw refused;
    return refused;
  }

  const submission = parse(input, handler.schema);
  const hideFields = handler.hideFields;
  if (submission.status !== "success") {
    const result = submission.reply({ hideFields });
    return reply({ intent, ok: false, result, message: handler.invalid?.(result.error ?? {}) ?? null }, 400);
  }

  try {
    const out = await handler.run(submission.value);
    if (handler.respond) return await handler.respond(out, submission.value);
    const message = handler.done(out, submission.value);
    const extra = handler.extra?.(out, submission.value);
    return reply(
      {
        intent,
        ok: true,
        result: submission.reply({ resetForm: handler.resetForm, hideFields }),
        message,
        ...(extra ? { extra } : {}),
      },
      200,
    );
  } catch (err) {
    let failure = toDomainError(err);
    // The database out of reach is no refusal of the form: the route's words for an unexpected
    // failure, 503 and a retry time (outage.ts); the details and the reference go to the log.
    const unexplained = !failure || failure.kind === "unavailable";
    if (unexplained) {
      opts.logger.error({ err, intent }, failure ? "action failed: database unavailable" : "action failed");
    }
    const status = failure?.status ?? 500;
    if (failure?.kind === "unavailable") failure = null;
    const fieldErrors = failure ? handler.fieldError?.(failure) : undefined;
    const headers: Record<string, string> =
      status === 503
        ? outageHeaders()
        : failure?.retryAfterSeconds
          ? { "Retry-After": String(failure.retryAfterSeconds) }
          : {};
    return reply<M>(
      {
        intent,
        ok: false,
        result: submission.reply(fieldErrors ? { fieldErrors, hideFields } : { formErrors: [], hideFields }),
        message: handler.failed(failure, submission.value),
        ...(unexplained ? { reference: referenceOf() } : {}),
      },
      status,
      headers,
    );
  }
}

type Submission = {
  status?: "success" | "error";
  value?: unknown;
  reply: (opts?: {
    resetForm?: boolean;
    hideFields?: string[];
    fieldErrors?: Record<string, string[]>;
    formErrors?: string[];
  }) => SubmissionResult<string[]>;
};

/** A form through Conform; a JSON body through the same schema, answered in Conform's shape. */
function parse(input: FormData | JsonIntent, schema: z.ZodType): Submission {
  if (input instanceof FormData) return parseWithZod(input, { schema }) as Submission;
  const parsed = schema.safeParse(input.body);
  if (parsed.success) return { status: "success", value: parsed.data, reply: () => ({ status: "success" }) };
  const error: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join(".");
    error[key] = [...(error[key] ?? []), issue.message];
  }
  return { status: "error", reply: () => ({ status: "error", error }) };
}

function answer<M>(
  body: IntentReply<M> & { error?: M | null },
  status: number,
  headers: Record<string, string> = {},
) {
  return data(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}
