import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import type { z } from "zod";
import { notify, type ToastMessage } from "./toast";

/**
 * The browser half of the one form convention (docs/decisions/0007). A staff form validates
 * with the same zod schema its action parses with, through Conform: errors appear by the fields
 * on submit and go away as soon as a field is fixed; the action's reply (`lastResult`)
 * shows the server's field errors. Public forms that never reach the server validate with
 * Conform's `parse` and a few lines instead, to keep zod out of the visitor's first load.
 */

/** What every staff action answers (app/.server/http/intents.ts). */
export type FormReply = {
  intent: string;
  ok: boolean;
  result: SubmissionResult<string[]>;
  /** A toast without callbacks (it crossed the network). */
  message: Omit<ToastMessage, "action"> | null;
  /** What a successful intent shows beyond its message (e.g. a password to copy once). */
  extra?: Record<string, unknown>;
  /** A failure the server logged (database out of reach): the id its log line carries. */
  reference?: string;
};

export function useZodForm<Schema extends z.ZodType<Record<string, unknown>>>(
  schema: Schema,
  options: {
    id?: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Record<string, unknown>;
    /** Runs when a submit is stopped in the browser because the form does not validate. */
    onInvalidSubmit?: (errors: Record<string, string[] | null>) => void;
    /** Runs instead of the browser's submit once the form validates (e.g. to add a file). */
    onValidSubmit?: (event: React.FormEvent<HTMLFormElement>, formData: FormData) => void;
  } = {},
) {
  const invalid = useRef(options.onInvalidSubmit);
  invalid.current = options.onInvalidSubmit;
  // biome-ignore lint/suspicious/noExplicitAny: Conform's own constraint on a form's shape.
  return useForm<z.input<Schema> & Record<string, any>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    // required, maxLength, min... on the inputs (the browser's own checks stay off: noValidate).
    constraint: constraintOf(schema),
    // Not on blur: an error appearing as the submit button is pressed moves the button away
    // between mouse-down and mouse-up, and the click is lost.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const submission = parseWithZod(formData, { schema });
      // 'error' only for a real submit (an input validation has an intent).
      if (submission.status === "error") invalid.current?.(submission.error ?? {});
      return submission;
    },
    onSubmit: options.onValidSubmit
      ? (event, { formData }) => options.onValidSubmit?.(event, formData)
      : undefined,
  });
}

/** The schema's field constraints, or none for a shape Conform cannot read (a transformed object). */
function constraintOf(schema: z.ZodType) {
  try {
    return getZodConstraint(schema);
  } catch {
    return undefined;
  }
}

/**
 * Shows the message of each new action reply once and calls `onSuccess` after a successful
 * one (e.g. to close a dialog). A failed reply leaves the form as typed.
 */
export function useReplyMessage(reply: FormReply | undefined, onSuccess?: (reply: FormReply) => void): void {
  const seen = useRef<FormReply | null>(null);
  const success = useRef(onSuccess);
  success.current = onSuccess;
  useEffect(() => {
    if (!reply || seen.current === reply) return;
    seen.current = reply;
    if (reply.message) notify(withReference(reply.message, reply.reference));
    if (reply.ok) success.current?.(reply);
  }, [reply]);
}

/** A failure's toast with the reference a person can quote (app/.server/http/outage.ts). */
function withReference(message: Omit<ToastMessage, "action">, reference: string | undefined) {
  if (!reference) return message;
  const ref = `Referencia: ${reference}`;
  return { ...message, description: message.description ? `${message.description} (${ref})` : ref };
}

/** The first message of each field that has one, e.g. for a summary or a focus move. */
export function firstError(errors: Record<string, string[] | null>): [string, string] | null {
  for (const [name, list] of Object.entries(errors)) if (list?.[0]) return [name, list[0]];
  return null;
}
