import type * as React from "react";
import { cn } from "./cn";
import { FieldError, FieldHint } from "./field-error";
import { Label } from "./label";

/** What a field needs of Conform's field metadata (`fields.name`): the control's id and its errors. */
export type FieldMeta = { id: string; errorId: string; errors?: readonly string[] | null };

export type FieldProps = {
  field: FieldMeta;
  label: React.ReactNode;
  labelClassName?: string;
  /** The control the label names when it is not the field's own input (a slider beside a number box). */
  htmlFor?: string;
  /** A short hint under the control. Its id reaches the control through the function form of children. */
  hint?: React.ReactNode;
  /** The wrapper's classes; a grid with a small gap unless told. */
  className?: string;
  /**
   * The control, wired to Conform by the caller (`getInputProps(field, …)`), or a function that
   * receives the hint's id for `getInputProps(field, { ariaDescribedBy })`.
   */
  children: React.ReactNode | ((hintId: string | undefined) => React.ReactNode);
};

/**
 * One form field: its label, the control, an optional hint and Conform's error for it, in that
 * order. The error stays mounted, so screen readers announce a message when it appears.
 */
export function Field({ field, label, labelClassName, htmlFor, hint, className, children }: FieldProps) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={htmlFor ?? field.id} className={labelClassName}>
        {label}
      </Label>
      {typeof children === "function" ? children(hintId) : children}
      {hintId ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
