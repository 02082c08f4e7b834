import type * as React from "react";
import { cn } from "./cn";
import { fieldClass } from "./textarea";

/** A native select: light, accessible, and keeps working without JavaScript. */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return <select className={cn(fieldClass, "h-11 md:h-10", className)} {...props} />;
}
