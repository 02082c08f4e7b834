import type { toast as SonnerToast } from "sonner";

/**
 * The one toast helper. Titles and descriptions follow the spec; 'destructive' is the red
 * 'Error' style. The Toaster (app/components/toaster.tsx) shows one toast at a time for 5 s.
 *
 * The toast library is not part of the first page load: the Toaster mounts it once the page
 * has loaded (or at the first toast, whichever comes first). Toasts raised before that wait
 * here and are shown, in order, as soon as it is ready.
 */
export type ToastMessage = {
  title: string;
  description?: string;
  /** 'warning': it worked, but not entirely (e.g. a file left in storage). */
  variant?: "default" | "destructive" | "warning";
  /** Optional action button, e.g. 'Ver' on a new chat message. */
  action?: { label: string; onClick: () => void };
  durationMs?: number;
};

export const TOAST_DURATION_MS = 5000;

type ToastApi = typeof SonnerToast;

let api: ToastApi | null = null;
let beforeShow: (() => void) | null = null;
const pending: ToastMessage[] = [];
const waiting = new Set<() => void>();

function show(toast: ToastApi, msg: ToastMessage): void {
  // Where the toast goes depends on what is on the screen now (app/components/toast-position.ts).
  beforeShow?.();
  // One toast at a time: a new one replaces the one showing, so a red error never comes back on
  // top of the success that followed it.
  toast.dismiss();
  const opts = {
    description: msg.description,
    duration: msg.durationMs ?? TOAST_DURATION_MS,
    action: msg.action ? { label: msg.action.label, onClick: msg.action.onClick } : undefined,
  };
  if (msg.variant === "destructive") toast.error(msg.title, opts);
  else if (msg.variant === "warning") toast.warning(msg.title, opts);
  else toast(msg.title, opts);
}

export function notify(msg: ToastMessage): void {
  if (api) {
    show(api, msg);
    return;
  }
  pending.push(msg);
  for (const listener of waiting) listener();
}

/** Takes away the toast showing (e.g. 'Añadido al carrito' once the cart it offers is open). */
export function dismissToasts(): void {
  pending.length = 0;
  api?.dismiss();
}

/** The spec's most common failure toast: title 'Error' (or another), destructive. */
export function errorToast(description: string, title = "Error"): ToastMessage {
  return { title, description, variant: "destructive" };
}

/** Shorthand for showing `errorToast(description)`. */
export function notifyError(description: string): void {
  notify(errorToast(description));
}

/**
 * For the Toaster: `listener` runs when a toast is waiting for the toast library (at once if
 * one already is). Returns the unsubscribe function.
 */
export function onToastWaiting(listener: () => void): () => void {
  waiting.add(listener);
  if (pending.length > 0) listener();
  return () => {
    waiting.delete(listener);
  };
}

/**
 * For the Toaster: the library's outlet is mounted; show what waited and go direct from now on.
 * `prepare` runs before each toast (it places the outlet clear of the controls on screen).
 */
export function attachToastApi(toast: ToastApi | null, prepare?: () => void): void {
  api = toast;
  beforeShow = toast ? (prepare ?? null) : null;
  if (!toast) return;
  for (const msg of pending.splice(0)) show(toast, msg);
}
