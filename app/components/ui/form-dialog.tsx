import { getFormProps } from "@conform-to/react";
import type * as React from "react";
import type { RefObject } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { type FormReply, useReplyMessage, useZodForm } from "~/lib/forms";
import { Button } from "./button";
import { cn } from "./cn";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog";
import { focusBackTo } from "./lazy-dialog";
import { StatusButton } from "./status-button";

type FormSchema = z.ZodType<Record<string, unknown>>;

/** The fields useZodForm makes of a schema, as FormDialog hands them to its children. */
export type ZodFields<S extends FormSchema> = ReturnType<typeof useZodForm<S>>[1];

export type FormDialogProps<S extends FormSchema> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** The route action the form posts to, and the intent it names there (app/.server/http/intents.ts). */
  action: string;
  intent: string;
  /** More values the action needs beside the fields (e.g. the record's id). */
  hidden?: Record<string, string>;
  /** The form's schema, the one its action parses with. */
  schema: S;
  /** Conform's form id, from which the fields' ids derive; the intent unless told. */
  id?: string;
  defaultValue?: Record<string, unknown>;
  onInvalidSubmit?: (errors: Record<string, string[] | null>) => void;
  /** After a successful reply, once the dialog is closing (e.g. to show a generated password). */
  onSuccess?: (reply: FormReply) => void;
  submitLabel: React.ReactNode;
  /** What the submit button says while the request runs ('Guardando...' unless told). */
  pendingLabel?: string;
  /** The other button, which closes the dialog; null for none (its X still does). */
  cancelLabel?: string | null;
  /** Classes of the dialog's panel (its width) and of the fields' fieldset (their grid). */
  className?: string;
  fieldsClassName?: string;
  /** Where focus returns when the dialog was opened without a Radix trigger. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: (fields: ZodFields<S>) => React.ReactNode;
};

/**
 * The one dialog with a form (docs/decisions/0007): a title, the fields, 'Cancelar' and a submit
 * button that says 'Guardando...' while the request runs. It posts through a fetcher with its
 * intent, validates with the action's own zod schema, shows the reply's toast and closes after a
 * success; a failed save keeps what was typed, with the errors by the fields. While a request
 * runs the fields are disabled and the dialog stays open, so a failure can still show what was
 * typed. It is mounted only while open: every opening starts from the default values.
 */
export function FormDialog<S extends FormSchema>(props: FormDialogProps<S>) {
  return props.open ? <OpenFormDialog {...props} /> : null;
}

function OpenFormDialog<S extends FormSchema>({
  onOpenChange,
  title,
  description,
  action,
  intent,
  hidden = {},
  schema,
  id = intent,
  defaultValue,
  onInvalidSubmit,
  onSuccess,
  submitLabel,
  pendingLabel,
  cancelLabel = "Cancelar",
  className,
  fieldsClassName,
  returnFocusTo,
  children,
}: FormDialogProps<S>) {
  const fetcher = useFetcher<FormReply>();
  const pending = fetcher.state !== "idle";
  useReplyMessage(fetcher.data, (reply) => {
    onOpenChange(false);
    onSuccess?.(reply);
  });
  const [form, fields] = useZodForm(schema, {
    id,
    defaultValue,
    onInvalidSubmit,
    lastResult: fetcher.data?.intent === intent ? fetcher.data.result : undefined,
  });
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onOpenChange(false)}>
      <DialogContent
        className={className}
        onCloseAutoFocus={returnFocusTo ? focusBackTo(returnFocusTo) : undefined}
        {...(description ? {} : { "aria-describedby": undefined })}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        <fetcher.Form method="post" action={action} {...getFormProps(form)} className="grid gap-4">
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <fieldset disabled={pending} className={cn("grid gap-4", fieldsClassName)}>
            {children(fields)}
          </fieldset>
          <DialogFooter>
            {cancelLabel ? (
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
                {cancelLabel}
              </Button>
            ) : null}
            <StatusButton pending={pending} pendingLabel={pendingLabel} disabled={pending}>
              {submitLabel}
            </StatusButton>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
