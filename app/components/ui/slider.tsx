import type * as React from "react";
import { cn } from "./cn";

/**
 * A range slider: the native `<input type="range">`, so keyboard (arrows, Page Up/Down, Home,
 * End), touch and screen readers work as the platform does. Label it with <Label htmlFor>.
 */
export function Slider({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <input
      type="range"
      className={cn(
        "h-11 w-full min-w-0 cursor-pointer accent-primary disabled:cursor-not-allowed disabled:opacity-50 md:h-8",
        className,
      )}
      {...props}
    />
  );
}
