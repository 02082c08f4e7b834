import { useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { Toaster as Sonner, toast } from "sonner";
import { attachToastApi, TOAST_DURATION_MS } from "~/lib/toast";
import { toastTopNow } from "./toast-position";

/**
 * Sonner's outlet, loaded lazily by app/components/toaster.tsx. 'error' toasts (the
 * 'destructive' variant) are solid red; that styling lives in app/app.css because sonner's
 * own injected stylesheet would otherwise win over Tailwind utilities. Each toast is placed
 * clear of the controls on screen (./toast-position.ts) and replaces the one before it.
 * Note: sonner's swipe-to-dismiss threshold is fixed at 45 px (the spec says 50 px).
 */
export default function ToasterOutlet() {
  const [top, setTop] = useState(16);
  useEffect(() => {
    // Sonner subscribes in its own effect, which runs before this one. The short wait lets
    // screen readers register the new live region before the first toast lands in it.
    // The new place is committed before sonner adds the toast: sonner draws it with flushSync on
    // a timer, so without this the toast's first frame would depend on React having run the
    // ordinary update first (app.css keeps its entry animation below the header).
    const place = () => flushSync(() => setTop(toastTopNow()));
    const timer = window.setTimeout(() => attachToastApi(toast, place), 50);
    return () => {
      window.clearTimeout(timer);
      attachToastApi(null);
    };
  }, []);
  return (
    <Sonner
      position="top-center"
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      closeButton
      richColors={false}
      theme="light"
      offset={{ top }}
      mobileOffset={{ top, left: 12, right: 12 }}
      containerAriaLabel="Notificaciones"
      toastOptions={{ closeButtonAriaLabel: "Cerrar notificación" }}
    />
  );
}
