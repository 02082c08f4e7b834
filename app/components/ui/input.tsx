import type * as React from "react";
import { cn } from "./cn";

/** Text input. 16px text on phones so iOS does not zoom on focus. */
export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        "flex h-11 w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base shadow-xs",
        "transition-colors placeholder:text-muted-foreground md:h-10 md:text-sm",
        "focus-visible:border-primary disabled:cursor-not-allowed disabled:opacity-50",
        "aria-invalid:border-destructive",
        "file:border-0 file:bg-transparent file:text-sm file:font-medium",
        className,
      )}
      {...props}
    />
  );
}
