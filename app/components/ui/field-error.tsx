import type * as React from "react";

/**
 * A field's error, next to the field, referenced by its aria-describedby (Conform's
 * `field.errorId`). Always mounted, so screen readers announce a message when it appears.
 */
export function FieldError({ id, errors }: { id: string; errors?: readonly string[] | string | null }) {
  const message = typeof errors === "string" ? errors : errors?.[0];
  return (
    <p id={id} aria-live="polite" className="text-sm font-medium text-destructive empty:hidden">
      {message ?? ""}
    </p>
  );
}

/** A short hint under a field, referenced by its aria-describedby. */
export function FieldHint({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={id} className="text-xs text-muted-foreground">
      {children}
    </p>
  );
}
