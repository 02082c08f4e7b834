import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type * as React from "react";
import { type ButtonSize, type ButtonVariant, buttonVariants } from "./button";
import { cn } from "./cn";

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
export const AlertDialogPortal = AlertDialogPrimitive.Portal;

export function AlertDialogOverlay({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Overlay>) {
  return (
    <AlertDialogPrimitive.Overlay
      className={cn(
        "fixed inset-0 z-50 bg-black/50 motion-safe:data-[state=open]:animate-fade-in",
        className,
      )}
      {...props}
    />
  );
}

/** Centred confirmation panel. It has no close button: the user must pick an action. */
export function AlertDialogContent({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPortal>
      <AlertDialogOverlay />
      <AlertDialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2",
          "gap-4 rounded-2xl border bg-card p-6 shadow-xl motion-safe:data-[state=open]:animate-dialog-in",
          className,
        )}
        {...props}
      />
    </AlertDialogPortal>
  );
}

export function AlertDialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-2 text-left", className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />
  );
}

export function AlertDialogTitle({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return (
    <AlertDialogPrimitive.Title className={cn("text-lg leading-tight font-semibold", className)} {...props} />
  );
}

export function AlertDialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return (
    <AlertDialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />
  );
}

type ActionProps = { variant?: ButtonVariant; size?: ButtonSize };

export function AlertDialogAction({
  className,
  variant = "default",
  size,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Action> & ActionProps) {
  return <AlertDialogPrimitive.Action className={buttonVariants({ variant, size, className })} {...props} />;
}

export function AlertDialogCancel({
  className,
  variant = "outline",
  size,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Cancel> & ActionProps) {
  return <AlertDialogPrimitive.Cancel className={buttonVariants({ variant, size, className })} {...props} />;
}
