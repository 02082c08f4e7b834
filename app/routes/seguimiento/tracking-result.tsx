import { CalendarClock, Clock, MapPin, MessageCircle, Phone, StickyNote, User } from "lucide-react";
import type { ReactNode } from "react";
import { StatusIcon, TONE_CLASSES } from "~/components/orders/status";
import { cn } from "~/components/ui/cn";
import { formatDayRange } from "~/lib/dates";
import { deliveryEstimate, STATUS_INFO, type TrackingView, trackingHelpText } from "~/lib/orders";
import { formatPhone, telHref, waMeHref } from "~/lib/phone-links";
import { DeliveryUnlock } from "./delivery-unlock";
import { OrderPushButton } from "./order-push-button";
import { TrackingProgress } from "./tracking-progress";
import { TrackingTimeline } from "./tracking-timeline";

/**
 * The tracking result card (docs/product.md §2.9). By number alone it shows the public view (the
 * customer as 'María L.'); the address and phone come with `order.delivery`, after the visitor
 * confirmed the last 4 digits of the order's phone (DeliveryUnlock).
 */
export function TrackingResult({
  order,
  timeZone,
  whatsapp,
  unlock,
}: {
  order: TrackingView;
  timeZone?: string;
  /** The shop's WhatsApp number: '¿Dudas sobre tu pedido?' writes to it with the tracking number. */
  whatsapp: string | null;
  /** The 4-digit check's last refusal, and whether it is being sent. */
  unlock?: { error: string | null; busy: boolean };
}) {
  const info = STATUS_INFO[order.status];
  // The courier shows only while the order is out for delivery.
  const courier = order.status === "en_reparto" ? order.courier : null;
  // One estimate, never two that disagree: the courier's time while out for delivery, else the days.
  const estimate = deliveryEstimate(order);
  const expected = estimate?.kind === "days" ? estimate.expected : null;
  const delivery = order.delivery;
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
        {expected ? (
          <p
            className="mt-5 flex items-center justify-center gap-2 rounded-xl bg-primary/10 px-4 py-3 text-center font-semibold text-foreground"
            data-testid="expected-delivery"
          >
            <CalendarClock aria-hidden="true" className="size-5 shrink-0 text-primary" />
            Entrega estimada: {formatDayRange(expected.from, expected.to, new Date(), timeZone)}
          </p>
        ) : null}
      </div>

      <div className="grid gap-4 p-5 md:grid-cols-2">
        <Section title="Detalles del Pedido">
          <Field label="Descripción">{order.orderDescription || "No especificado"}</Field>
          <Field label="Total">{order.orderTotal || "N/A"}</Field>
        </Section>
        <Section title="Información de Entrega">
          <Field label="Cliente" icon={<User className="size-4" aria-hidden="true" />}>
            {delivery?.customerName ?? order.customerName}
          </Field>
          {delivery ? (
            <>
              <Field label="Dirección" icon={<MapPin className="size-4" aria-hidden="true" />}>
                {delivery.customerAddress || "No especificada"}
              </Field>
              {delivery.customerPhone ? (
                <Field label="Teléfono" icon={<Phone className="size-4" aria-hidden="true" />}>
                  {formatPhone(delivery.customerPhone)}
                </Field>
              ) : null}
            </>
          ) : order.locked ? (
            <DeliveryUnlock
              trackingNumber={order.trackingNumber}
              error={unlock?.error ?? null}
              busy={unlock?.busy ?? false}
            />
          ) : null}
        </Section>
        {courier ? (
          <Section title="Repartidor">
            <Field label="Nombre">{courier.name}</Field>
            {courier.phone ? (
              <Field label="Teléfono">
                <a
                  className="font-medium text-primary underline-offset-4 hover:underline"
                  href={telHref(courier.phone)}
                >
                  {formatPhone(courier.phone)}
                </a>
              </Field>
            ) : null}
          </Section>
        ) : null}
        {estimate?.kind === "time" ? (
          <Section title="Tiempo Estimado">
            <p className="flex items-center gap-2 font-medium">
              <Clock className="size-4 text-primary" aria-hidden="true" />
              {estimate.text}
            </p>
          </Section>
        ) : null}
        {order.customerNote ? (
          <Section title="Notas Adicionales" className="md:col-span-2">
            <p className="flex gap-2 whitespace-pre-line">
              <StickyNote className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {order.customerNote}
            </p>
          </Section>
        ) : null}
      </div>

      <TrackingTimeline order={order} timeZone={timeZone} />
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
