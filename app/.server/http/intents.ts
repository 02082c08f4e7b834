import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import type { Permission } from "../../lib/permissions";
import { type DomainError, toDomainError } from "../errors";
import type { Logger } from "../logger";
import { BAD_TEXT_MESSAGE, formHasBadText } from "./input-text";

/**
 * The one action shape (docs/decisions/0007): a staff form posts a hidden `intent`; the action
 * picks that intent's handler, parses the form with the handler's zod schema (the same schema
 * the form validates with in the browser, through Conform), calls one domain function, and
 * answers an `IntentReply`: Conform's `submission.reply()` (field errors shown by the fields,
 * what was typed kept) and the message the route's own table chose (a toast, in Spanish).
 *
 * A staff route's table says, intent by intent, which permission of app/lib/permissions.ts each
 * needs (`staffIntentsWith`); the action hands `authorize` (app/.server/auth/guards.ts) and the
 * chosen intent's permission is checked before its form is parsed.
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

export type IntentReply<M> = {
  intent: string;
  ok: boolean;
  result: SubmissionResult<string[]>;
  message: M | null;
  /** What a successful intent shows beyond its message (e.g. a password to copy once). */
  extra?: Record<string, unknown>;
};

export type IntentHandler<M, S extends z.ZodType = z.ZodType, Out = unknown> = {
  /** Who may run it (staff tables, `staffIntentsWith`); checked through the action's `authorize`. */
  permission?: Permission;
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

/** A staff intent: it names the permission it needs. */
export type StaffIntentHandler<M> = IntentHandler<M, z.ZodType, unknown> & { permission: Permission };
export type StaffIntentTable<M> = Record<string, StaffIntentHandler<M>>;

/** `intentsWith` for a staff route: every intent says which permission it needs. */
export function staffIntentsWith<M>() {
  return <S extends z.ZodType, Out>(
    handler: IntentHandler<M, S, Out> & { permission: Permission },
  ): StaffIntentHandler<M> => ({ ...defineIntent<M, S, Out>(handler), permission: handler.permission });
}

/**
 * Runs the handler the form's `intent` names and answers with its reply and status. With
 * `authorize` (a staff action) the handler's permission is checked first: its refusal (401/403)
 * is thrown before the form is parsed. A staff intent without `authorize`, or `authorize` over an
 * intent that names no permission, is a mistake of the route: it fails loudly.
 */
export async function dispatchIntent<M>(
  form: FormData,
  handlers: IntentTable<M>,
  opts: { logger: Logger; unknownIntent: M; authorize?: (permission: Permission) => Promise<unknown> },
) {
  const raw = form.get("intent");
  const intent = typeof raw === "string" ? raw.slice(0, 50) : "";
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) {
    return reply<M>({ intent, ok: false, result: { status: "error" }, message: opts.unknownIntent }, 400);
  }
  if (!handler.permission !== !opts.authorize) {
    throw new Error(`intent "${intent}": a staff intent names its permission and its action authorizes it`);
  }
  if (handler.permission && opts.authorize) await opts.authorize(handler.permission);

  const submission = parseWithZod(form, { schema: handler.schema });
  const hideFields = handler.hideFields;
  if (submission.status !== "success") {
    const result = submission.reply({ hideFields });
    return reply<M>(
      { intent, ok: false, result, message: handler.invalid?.(result.error ?? {}) ?? null },
      400,
    );
  }

  try {
    const out = await handler.run(submission.value);
    if (handler.respond) return await handler.respond(out, submission.value);
    const message = handler.done(out, submission.value);
    const extra = handler.extra?.(out, submission.value);
    return reply<M>(
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
    const failure = toDomainError(err);
    if (!failure) opts.logger.error({ err, intent }, "action failed");
    const fieldErrors = failure ? handler.fieldError?.(failure) : undefined;
    const headers: Record<string, string> = failure?.retryAfterSeconds
      ? { "Retry-After": String(failure.retryAfterSeconds) }
      : {};
    return reply<M>(
      {
        intent,
        ok: false,
        result: submission.reply(fieldErrors ? { fieldErrors, hideFields } : { formErrors: [], hideFields }),
        message: handler.failed(failure, submission.value),
      },
      failure?.status ?? 500,
      headers,
    );
  }
}

function reply<M>(body: IntentReply<M>, status: number, headers: Record<string, string> = {}) {
  return data(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}
