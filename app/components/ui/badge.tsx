import type * as React from "react";
import { cn } from "./cn";

export type BadgeVariant = "default" | "secondary" | "accent" | "outline" | "destructive";

const variants: Record<BadgeVariant, string> = {
  default: "border-transparent bg-primary text-primary-foreground",
  secondary: "border-transparent bg-secondary/15 text-primary-strong",
  accent: "border-transparent bg-accent text-accent-foreground",
  outline: "bg-card text-foreground",
  destructive: "border-transparent bg-destructive text-destructive-foreground",
};

export type BadgeProps = React.ComponentProps<"span"> & { variant?: BadgeVariant };

export function Badge({ className, variant = "default", ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5",
        "text-xs font-semibold whitespace-nowrap [&_svg]:size-3",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
