import type * as React from "react";
import { cn } from "./cn";

/** The look shared by multi-line and select fields (Input has its own, with the file button). */
export const fieldClass =
  "w-full min-w-0 rounded-lg border border-input bg-card px-3 text-base shadow-xs transition-colors md:text-sm " +
  "placeholder:text-muted-foreground focus-visible:border-primary disabled:cursor-not-allowed disabled:opacity-50 " +
  "aria-invalid:border-destructive";

/** Multi-line text input, styled like Input. */
export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea className={cn(fieldClass, "min-h-20 py-2", className)} {...props} />;
}
