import { MapPin, MessageSquareText } from "lucide-react";
import { StatusIcon } from "~/components/orders/status";
import { cn } from "~/components/ui/cn";
import { formatDateTime } from "~/lib/dates";
import {
  buildTimeline,
  type PublicTrackingView,
  STATUS_INFO,
  statusDescription,
  type TimelineEntry,
} from "~/lib/orders";

/** What a line of the timeline is called: its status, or 'Novedad' for a note on its own. */
const entryTitle = (e: TimelineEntry) => (e.status ? STATUS_INFO[e.status].label : "Novedad");

/**
 * 'Historial del Pedido' (docs/product.md §4.1): the statuses reached and the notes staff wrote,
 * oldest first, each with its date in the shop's time zone, its note and its place.
 */
export function TrackingTimeline({ order, timeZone }: { order: PublicTrackingView; timeZone?: string }) {
  const timeline = buildTimeline(order);
  return (
    <section aria-labelledby="timeline-title" className="border-t border-border p-5">
      <h3 id="timeline-title" className="mb-4 font-heading font-bold">
        Historial del Pedido
      </h3>
      <ol aria-labelledby="timeline-title" className="relative space-y-5 border-l-2 border-border pl-6">
        {timeline.map((e) => (
          <li
            key={e.key}
            className={cn("relative", !e.reached && "opacity-50")}
            aria-current={e.current ? "step" : undefined}
          >
            <span
              aria-hidden="true"
              className={cn(
                "absolute -left-[33px] top-0.5 flex size-5 items-center justify-center rounded-full border-2 bg-card",
                e.kind === "event"
                  ? "border-primary text-primary"
                  : e.reached
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-border",
              )}
            >
              {e.status && e.kind === "status" ? (
                <StatusIcon status={e.status} className="size-3" />
              ) : (
                <MessageSquareText className="size-3" />
              )}
            </span>
            <p className={cn("font-semibold", e.current && "text-primary")}>{entryTitle(e)}</p>
            <p className="text-sm text-muted-foreground">{formatDateTime(e.at, timeZone)}</p>
            {e.current && e.status ? <p className="mt-1 text-sm">{statusDescription(order)}</p> : null}
            {e.note ? <p className="mt-1 text-sm font-medium whitespace-pre-line">{e.note}</p> : null}
            {e.place ? (
              <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
                <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="sr-only">Lugar: </span>
                {e.place}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
