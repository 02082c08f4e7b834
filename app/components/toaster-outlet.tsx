import { useEffect } from "react";
import { useLocation } from "react-router";
import { Toaster as Sonner, toast } from "sonner";
import { attachToastApi, TOAST_DURATION_MS } from "~/lib/toast";

/**
 * Sonner's outlet, loaded lazily by app/components/toaster.tsx. 'error' toasts (the
 * 'destructive' variant) are solid red; that styling lives in app/app.css because sonner's
 * own injected stylesheet would otherwise win over Tailwind utilities.
 * On public pages toasts arrive under the sticky header (64 px), never over its cart and menu
 * buttons: a toast after 'Añadir al Carrito' lasts 5 s, just when the visitor reaches for the
 * cart. On staff screens they stay at the top, over the frame's bar rather than a screen's tools.
 * Note: sonner's swipe-to-dismiss threshold is fixed at 45 px (the spec says 50 px).
 */
export default function ToasterOutlet() {
  const { pathname } = useLocation();
  const underHeader = pathname !== "/admin" && !pathname.startsWith("/admin/");
  useEffect(() => {
    // Sonner subscribes in its own effect, which runs before this one. The short wait lets
    // screen readers register the new live region before the first toast lands in it.
    const timer = window.setTimeout(() => attachToastApi(toast), 50);
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
      offset={{ top: underHeader ? 76 : 16 }}
      mobileOffset={{ top: underHeader ? 72 : 12, left: 12, right: 12 }}
      containerAriaLabel="Notificaciones"
      toastOptions={{ closeButtonAriaLabel: "Cerrar notificación" }}
    />
  );
}
