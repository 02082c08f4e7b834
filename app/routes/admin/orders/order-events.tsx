import { MapPin, Trash2 } from "lucide-react";
import { href, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/dates";
import { useReplyMessage } from "~/lib/forms";
import { ORDERS_INTENT } from "~/lib/order-forms";
import { eventLine, STATUS_INFO } from "~/lib/orders";
import type { OrdersActionData, StaffOrder } from "./types";

/**
 * The notes staff wrote on an order's timeline, newest first, each removable (a mistake should not
 * stay on the customer's page). Status lines are not here: their times follow the spec's rule.
 */
export function OrderEvents({ order, timeZone }: { order: StaffOrder; timeZone?: string }) {
  const remover = useFetcher<OrdersActionData>();
  useReplyMessage(remover.data);
  if (order.events.length === 0) return null;
  const removing = remover.state !== "idle" ? remover.formData?.get("eventId") : null;
  return (
    <section aria-labelledby={`events-${order.id}`} className="grid gap-2 sm:col-span-2">
      <h3 id={`events-${order.id}`} className="text-sm font-medium">
        Novedades del historial
      </h3>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {[...order.events].reverse().map((e) => (
          <li key={e.id} className="flex items-start gap-2 px-3 py-2 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">
                {e.status ? `${STATUS_INFO[e.status].label}: ` : ""}
                {e.note ?? ""}
              </p>
              {e.place ? (
                <p className="flex items-center gap-1 text-muted-foreground">
                  <MapPin aria-hidden="true" className="size-3.5" /> {e.place}
                </p>
              ) : null}
              <p className="text-xs text-muted-foreground">{formatDateTime(e.at, timeZone)}</p>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Eliminar novedad: ${eventLine(e)}`}
              disabled={removing === e.id}
              onClick={() =>
                remover.submit(
                  { intent: ORDERS_INTENT.eventDelete, id: order.id, eventId: e.id },
                  { method: "post", action: href("/admin/orders") },
                )
              }
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
