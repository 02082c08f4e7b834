import { Toaster as Sonner } from "sonner";
import { TOAST_DURATION_MS } from "~/lib/toast";

/**
 * The app's single toast outlet (SPEC §9 'Timing': one toast at a time, 5000 ms).
 * Toasts are raised with notify()/notifyError() from app/lib/toast.ts. 'error' toasts (the
 * 'destructive' variant) are solid red; that styling lives in app/app.css because sonner's
 * own injected stylesheet would otherwise win over Tailwind utilities.
 * Note: sonner's swipe-to-dismiss threshold is fixed at 45 px (the spec says 50 px).
 */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      closeButton
      richColors={false}
      theme="light"
      offset={{ top: 16 }}
      mobileOffset={{ top: 12, left: 12, right: 12 }}
      containerAriaLabel="Notificaciones"
      toastOptions={{ closeButtonAriaLabel: "Cerrar notificación" }}
    />
  );
}
