import { useEffect, useState } from "react";
import { Toaster as Sonner, toast } from "sonner";
import { attachToastApi, TOAST_DURATION_MS } from "~/lib/toast";

/**
 * Sonner's outlet, loaded lazily by app/components/toaster.tsx. 'error' toasts (the
 * 'destructive' variant) are solid red; that styling lives in app/app.css because sonner's
 * own injected stylesheet would otherwise win over Tailwind utilities.
 * Note: sonner's swipe-to-dismiss threshold is fixed at 45 px (the spec says 50 px).
 * On phones toasts sit at the bottom, above the chat button and the staff bottom bar: at the top
 * they covered the sticky header (the cart count a visitor just changed, the menu).
 */
const PHONE = "(max-width: 639px)";

function usePhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE).matches);
  useEffect(() => {
    const query = window.matchMedia(PHONE);
    const change = () => setPhone(query.matches);
    query.addEventListener("change", change);
    return () => query.removeEventListener("change", change);
  }, []);
  return phone;
}

export default function ToasterOutlet() {
  const phone = usePhone();
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
      position={phone ? "bottom-center" : "top-center"}
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      closeButton
      richColors={false}
      theme="light"
      offset={{ top: 16 }}
      mobileOffset={{ bottom: 84, left: 12, right: 12 }}
      containerAriaLabel="Notificaciones"
      toastOptions={{ closeButtonAriaLabel: "Cerrar notificación" }}
    />
  );
}
