import { Bell, BellOff } from "lucide-react";
import { useCallback, useMemo } from "react";
import { Button } from "~/components/ui/button";
import type { OrderStatus } from "~/lib/orders";
import { usePushOptIn } from "~/lib/push-client";
import { notify, notifyError } from "~/lib/toast";

/**
 * 'Avísame cuando cambie' (ADR 0014): this browser, without an account, gets a notification
 * when the order's status changes; the same button turns it off. Nothing to follow once the
 * order is delivered or cancelled, or where the browser cannot receive notifications.
 */
export function OrderPushButton({ trackingNumber, status }: { trackingNumber: string; status: OrderStatus }) {
  const fields = useMemo(() => ({ trackingNumber }), [trackingNumber]);
  const say = useCallback((text: string, ok: boolean) => {
    if (ok) notify({ title: "Avisos del pedido", description: text });
    else notifyError(text);
  }, []);
  const push = usePushOptIn("/api/push/order", fields, say);
  if (status === "entregado" || status === "cancelado") return null;
  if (push.state === "unsupported" || push.state === "disabled" || push.state === "checking") return null;
  const on = push.state === "on";
  return (
    <div className="flex flex-col gap-3 border-t border-border p-5 sm:flex-row sm:items-center">
      <p className="min-w-0 text-sm text-muted-foreground sm:flex-1" aria-live="polite">
        {on
          ? "Te avisaremos en este dispositivo cuando cambie el estado."
          : push.state === "denied"
            ? "Las notificaciones están bloqueadas en este navegador."
            : "Recibe un aviso en este dispositivo cuando cambie el estado."}
      </p>
      {push.state !== "denied" ? (
        <Button
          type="button"
          variant={on ? "outline" : "default"}
          disabled={push.busy}
          onClick={() => void (on ? push.disable() : push.enable())}
        >
          {on ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
          {on ? "Dejar de avisarme" : "Avísame cuando cambie"}
        </Button>
      ) : null}
    </div>
  );
}
