import { X } from "lucide-react";
import { Form, href, Link } from "react-router";
import { StatusBadge } from "~/components/orders/status";
import { useSubmitting } from "~/components/staff/reply-status";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/dates";
import { eventLine } from "~/lib/orders";
import { SHIPMENTS_INTENT } from "~/lib/shipment-forms";
import type { StaffOrder } from "~/routes/admin/orders/types";

/** The form 'Añadir novedad a todos' is: the parcels' checkboxes belong to it (`form=`). */
export const EVENT_FORM_ID = "shipment-event";

/**
 * The shipment's parcels, one per line (a phone reads them as well as a laptop): a checkbox that
 * chooses it for the next event, its number and recipient, its state and its last event, and
 * 'Quitar' to take it out of the shipment.
 */
export function ParcelRows({
  orders,
  shipmentId,
  action,
  chosen,
  onChoose,
  onChooseAll,
  timeZone,
}: {
  orders: StaffOrder[];
  shipmentId: string;
  action: string;
  chosen: ReadonlySet<string>;
  onChoose: (id: string, on: boolean) => void;
  onChooseAll: (on: boolean) => void;
  timeZone: string;
}) {
  const all = orders.length > 0 && orders.every((o) => chosen.has(o.id));
  return (
    <>
      <div className="mt-2 flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span aria-live="polite">
          {chosen.size > 0 ? `${chosen.size} marcado${chosen.size === 1 ? "" : "s"}` : "Ninguno marcado"}
        </span>
        <Button type="button" variant="ghost" size="sm" onClick={() => onChooseAll(!all)}>
          {all ? "Desmarcar todos" : "Marcar todos"}
        </Button>
      </div>
      <ul aria-label="Paquetes del embarque" className="divide-y divide-border">
        {orders.map((o) => {
          const last = o.events.at(-1);
          return (
            <li key={o.id} className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 py-3">
              <input
                type="checkbox"
                name="orderIds"
                value={o.id}
                form={EVENT_FORM_ID}
                checked={chosen.has(o.id)}
                onChange={(e) => onChoose(o.id, e.currentTarget.checked)}
                aria-label={`Marcar ${o.trackingNumber}`}
                className="size-5 shrink-0 accent-primary"
              />
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <Link
                    to={{ pathname: href("/admin/orders"), search: `?q=${o.trackingNumber}` }}
                    className="font-mono text-sm font-medium whitespace-nowrap underline-offset-2 hover:underline"
                  >
                    {o.trackingNumber}
                  </Link>
                  <StatusBadge status={o.status} />
                </div>
                <p className="truncate text-sm">{o.customerName}</p>
                {last ? (
                  <p className="truncate text-xs text-muted-foreground">
                    {eventLine(last)} · {formatDateTime(last.at, timeZone)}
                  </p>
                ) : null}
              </div>
              <RemoveParcel
                shipmentId={shipmentId}
                orderId={o.id}
                trackingNumber={o.trackingNumber}
                action={action}
              />
            </li>
          );
        })}
      </ul>
    </>
  );
}

function RemoveParcel(props: {
  shipmentId: string;
  orderId: string;
  trackingNumber: string;
  action: string;
}) {
  const busy = useSubmitting(SHIPMENTS_INTENT.remove, props.shipmentId);
  return (
    <Form method="post" action={props.action}>
      <input type="hidden" name="intent" value={SHIPMENTS_INTENT.remove} />
      <input type="hidden" name="id" value={props.shipmentId} />
      <input type="hidden" name="orderId" value={props.orderId} />
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        disabled={busy}
        title={`Quitar ${props.trackingNumber}`}
      >
        <X aria-hidden="true" />
        <span className="sr-only">Quitar {props.trackingNumber} del embarque</span>
      </Button>
    </Form>
  );
}
