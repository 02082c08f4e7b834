import { Clock, MapPin, MessageCircle, Phone, StickyNote, User } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";
import { formatDateTime } from "~/lib/dates";
import { buildTimeline, STATUS_INFO, type TrackingView, trackingHelpText } from "~/lib/orders";
import { formatPhone, telHref, waMeHref } from "~/lib/phone-links";
import { OrderPushButton } from "./order-push-button";
import { StatusIcon, TONE_CLASSES } from "./status";
import { TrackingProgress } from "./tracking-progress";

/** The tracking result card (docs/product.md §2.9). */
export function TrackingResult({
  order,
  timeZone,
  whatsapp,
}: {
  order: TrackingView;
  timeZone?: string;
  /** The shop's WhatsApp number: '¿Dudas sobre tu pedido?' writes to it with the tracking number. */
  whatsapp: string | null;
}) {
  const info = STATUS_INFO[order.status];
  const showCourier = order.status === "en_reparto" && order.courier;
  const showEta =
    !!order.estimatedDeliveryTime && order.status !== "entregado" && order.status !== "cancelado";
  const timeline = buildTimeline(order);
  return (
    <article
      aria-labelledby="tracking-result-title"
      className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm"
    >
      <header className={cn("flex flex-wrap items-center gap-4 border-b p-5", TONE_CLASSES[info.tone])}>
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-white/70">
          <StatusIcon status={order.status} className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide opacity-80">Pedido</p>
          <h2 id="tracking-result-title" className="break-all font-heading text-xl font-bold">
            {order.trackingNumber}
          </h2>
        </div>
        <p className="ml-auto text-lg font-bold" data-testid="tracking-status">
          {info.label}
        </p>
      </header>

      <div className="border-b px-3 py-5 sm:px-5">
        <TrackingProgress order={order} />
      </div>

      <div className="grid gap-4 p-5 md:grid-cols-2">
        <Section title="Detalles del Pedido">
          <Field label="Descripción">{order.orderDescription || "No especificado"}</Field>
          <Field label="Total">{order.orderTotal || "N/A"}</Field>
        </Section>
        <Section title="Información de Entrega">
          <Field label="Cliente" icon={<User className="size-4" aria-hidden="true" />}>
            {order.customerName}
          </Field>
          <Field label="Dirección" icon={<MapPin className="size-4" aria-hidden="true" />}>
            {order.customerAddress || "No especificada"}
          </Field>
          {order.customerPhone ? (
            <Field label="Teléfono" icon={<Phone className="size-4" aria-hidden="true" />}>
              {formatPhone(order.customerPhone)}
            </Field>
          ) : null}
        </Section>
        {showCourier ? (
          <Section title="Repartidor">
            <Field label="Nombre">{order.courier!.name}</Field>
            {order.courier!.phone ? (
              <Field label="Teléfono">
                <a
                  className="font-medium text-primary underline-offset-4 hover:underline"
                  href={telHref(order.courier!.phone)}
                >
                  {formatPhone(order.courier!.phone)}
                </a>
              </Field>
            ) : null}
          </Section>
        ) : null}
        {showEta ? (
          <Section title="Tiempo Estimado">
            <p className="flex items-center gap-2 font-medium">
              <Clock className="size-4 text-primary" aria-hidden="true" />
              {order.estimatedDeliveryTime}
            </p>
          </Section>
        ) : null}
        {order.notes ? (
          <Section title="Notas Adicionales" className="md:col-span-2">
            <p className="flex gap-2 whitespace-pre-line">
              <StickyNote className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {order.notes}
            </p>
          </Section>
        ) : null}
      </div>

      <section aria-labelledby="timeline-title" className="border-t border-border p-5">
        <h3 id="timeline-title" className="mb-4 font-heading font-bold">
          Historial del Pedido
        </h3>
        <ol aria-labelledby="timeline-title" className="relative space-y-5 border-l-2 border-border pl-6">
          {timeline.map((e) => (
            <li
              key={e.status}
              className={cn("relative", !e.reached && "opacity-50")}
              aria-current={e.current ? "step" : undefined}
            >
              <span
                aria-hidden="true"
                className={cn(
                  "absolute -left-[33px] top-0.5 flex size-5 items-center justify-center rounded-full border-2 bg-card",
                  e.reached ? "border-primary bg-primary text-primary-foreground" : "border-border",
                )}
              >
                <StatusIcon status={e.status} className="size-3" />
              </span>
              <p className={cn("font-semibold", e.current && "text-primary")}>
                {STATUS_INFO[e.status].label}
              </p>
              <p className="text-sm text-muted-foreground">{formatDateTime(e.at, timeZone)}</p>
              {e.current ? <p className="mt-1 text-sm">{STATUS_INFO[e.status].description}</p> : null}
            </li>
          ))}
        </ol>
      </section>
      <OrderPushButton trackingNumber={order.trackingNumber} status={order.status} />

      <footer className="flex flex-wrap items-center justify-between gap-3 border-t bg-muted/40 p-5">
        <p className="font-semibold">¿Dudas sobre tu pedido?</p>
        <a
          href={waMeHref(whatsapp, trackingHelpText(order.trackingNumber))}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-[#18743f] px-4 text-sm font-semibold text-white hover:bg-[#125c32]"
        >
          <MessageCircle aria-hidden="true" className="size-4" />
          Escríbenos por WhatsApp
          <span className="sr-only">(se abre en una pestaña nueva)</span>
        </a>
      </footer>
    </article>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn("rounded-xl bg-muted/50 p-4", className)}>
      <h3 className="mb-3 font-heading text-sm font-bold uppercase tracking-wide text-muted-foreground">
        {title}
      </h3>
      <div className="space-y-2">{children}</div>
    </section>
  );
}

function Field({ label, children, icon }: { label: string; children: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex gap-2 text-sm">
      {icon ? <span className="mt-0.5 text-primary">{icon}</span> : null}
      <div className="min-w-0">
        <span className="text-muted-foreground">{label}: </span>
        <span className="break-words font-medium">{children}</span>
      </div>
    </div>
  );
}
