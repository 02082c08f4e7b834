import { toast as sonner } from "sonner";

/**
 * The one toast helper. Titles and descriptions follow the spec; 'destructive' is the red
 * 'Error' style. The Toaster (app/components/toaster.tsx) shows one toast at a time for 5 s.
 */
export type ToastMessage = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** Optional action button, e.g. 'Ver' on a new chat message. */
  action?: { label: string; onClick: () => void };
  durationMs?: number;
};

export const TOAST_DURATION_MS = 5000;

export function notify(msg: ToastMessage): void {
  const opts = {
    description: msg.description,
    duration: msg.durationMs ?? TOAST_DURATION_MS,
    action: msg.action ? { label: msg.action.label, onClick: msg.action.onClick } : undefined,
  };
  if (msg.variant === "destructive") sonner.error(msg.title, opts);
  else sonner(msg.title, opts);
}

/** Shorthand for the spec's most common failure toast: title 'Error', destructive. */
export function notifyError(description: string): void {
  notify({ title: "Error", description, variant: "destructive" });
}
