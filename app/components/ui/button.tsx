import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "./cn";

export type ButtonVariant = "default" | "secondary" | "outline" | "ghost" | "destructive" | "link";
export type ButtonSize = "sm" | "default" | "lg" | "icon";

// The shared part is the .btn class (app/app.css).
const base = "btn";

const variants: Record<ButtonVariant, string> = {
  default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary-strong",
  secondary: "bg-secondary/15 text-foreground hover:bg-secondary/25",
  outline: "border border-input bg-card text-foreground shadow-xs hover:bg-muted hover:text-primary",
  ghost: "text-foreground hover:bg-muted hover:text-primary",
  destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
  link: "text-primary underline-offset-4 hover:underline",
};

// Phones get 44px touch targets; from md up the controls are a little more compact.
const sizes: Record<ButtonSize, string> = {
  sm: "h-11 px-3 text-sm md:h-9",
  default: "h-11 px-5 text-sm md:h-10",
  lg: "h-12 px-7 text-base",
  icon: "size-11 md:size-10",
};

export type ButtonVariantOptions = {
  variant?: ButtonVariant | null;
  size?: ButtonSize | null;
  className?: string;
};

/** The button classes, for elements that look like buttons without being one. */
export function buttonVariants({ variant, size, className }: ButtonVariantOptions = {}): string {
  return cn(base, variants[variant ?? "default"], sizes[size ?? "default"], className);
}

export type ButtonProps = React.ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child (e.g. a Link) with the button styles instead of a <button>. */
  asChild?: boolean;
};

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) {
    return <Slot.Root className={buttonVariants({ variant, size, className })} {...props} />;
  }
  return (
    <button type={type ?? "button"} className={buttonVariants({ variant, size, className })} {...props} />
  );
}
