import type * as React from "react";
import { cn } from "./cn";

const field =
  "w-full min-w-0 rounded-lg border border-input bg-card px-3 text-base shadow-xs transition-colors md:text-sm " +
  "placeholder:text-muted-foreground focus-visible:border-primary disabled:cursor-not-allowed disabled:opacity-50 " +
  "aria-invalid:border-destructive";

/** Multi-line text input, styled like Input. */
export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea className={cn(field, "min-h-20 py-2", className)} {...props} />;
}

/** A native select: light, accessible, and keeps working without JavaScript. */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return <select className={cn(field, "h-11 md:h-10", className)} {...props} />;
}
