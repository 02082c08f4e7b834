import { ArrowLeft } from "lucide-react";
import { useRef, useState } from "react";
import { data, Form, href, Link, useRevalidator } from "react-router";
import { NotFoundError } from "~/.server/errors";
import { requirePermission } from "~/.server/http/guards";
import { loaderFailure } from "~/.server/http/outage";
import { findShipment, recentPlaces } from "~/.server/orders/shipments";
import { StatusSymbols } from "~/components/orders/status";
import { StaffPage } from "~/components/staff/staff-page";
import { Button } from "~/components/ui/button";
import { formatDayRange, toZonedInput } from "~/lib/dates";
import { useEventStream } from "~/lib/event-stream";
import { isUuid } from "~/lib/ids";
import { pageTitle } from "~/lib/meta";
import { SHIPMENTS_INTENT } from "~/lib/shipment-forms";
import type { Route } from "./+types/shipment";
import { EventForm } from "./event-form";
import { shipmentsAction } from "./intents";
import { ParcelRows } from "./parcel-rows";
import { ScanForm } from "./scan-form";
import { ShipmentForm, shipmentLine } from "./shipment-form";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data?.shipment.reference ? `Embarque ${data.shipment.reference}` : "Embarque") },
  { name: "robots", content: "noindex" },
];

/** One shipment: its parcels, the scanner's form, 'Añadir novedad a todos' and its details. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, "orders:manage");
  if (!isUuid(params.id)) throw data({ message: "Ese embarque no existe." }, { status: 404 });
  const { db, bus, logger, config } = context.services;
  const since = await bus.latestId().catch(() => 0);
  const [shipment, places] = await Promise.all([
    findShipment(db, params.id, config.TIME_ZONE),
    recentPlaces(db),
  ]).catch((err: unknown) => {
    if (err instanceof NotFoundError) throw data({ message: "Ese embarque no existe." }, { status: 404 });
    throw loaderFailure(err, { logger, what: "No se pudo cargar el embarque" });
  });
  return {
    shipment,
    places,
    since,
    now: toZonedInput(new Date(), config.TIME_ZONE),
    timeZone: config.TIME_ZONE,
  };
}

export const action = shipmentsAction;

export default function ShipmentRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { shipment, places, since, now, timeZone } = loaderData;
  const revalidator = useRevalidator();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const action = href("/admin/embarques/:id", { id: shipment.id });
  const day = (d: string) => formatDayRange(d, d, new Date(), timeZone);

  // Anyone's change to one of these parcels, or to the shipment, shows here at once.
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEventStream({
    url: "/events/staff",
    stream: "staff",
    types: ["order.changed", "shipment.changed"],
    since,
    onEvent: () => {
      if (pending.current) clearTimeout(pending.current);
      pending.current = setTimeout(() => revalidator.revalidate(), 150);
    },
    onReset: () => revalidator.revalidate(),
  });

  const present = new Set(shipment.orders.map((o) => o.id));
  const selected = [...chosen].filter((id) => present.has(id));
  return (
    <StaffPage
      title={shipment.reference}
      description={shipmentLine(shipment, day)}
      actions={
        <Button asChild variant="outline">
          <Link to={href("/admin/embarques")}>
            <ArrowLeft aria-hidden="true" /> Todos los embarques
          </Link>
        </Button>
      }
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <section
          aria-labelledby="parcels-title"
          className="min-w-0 rounded-2xl border border-border bg-card p-4 shadow-sm md:p-5"
        >
          <h2 id="parcels-title" className="mb-3 font-heading text-lg font-bold">
            Paquetes ({shipment.parcels})
          </h2>
          <ScanForm shipmentId={shipment.id} action={action} reply={actionData} />
          <StatusSymbols />
          {shipment.orders.length === 0 ? (
            <p className="mt-4 rounded-xl border border-dashed p-6 text-center text-muted-foreground">
              Aún no hay paquetes. Escanea la etiqueta de cada caja o escribe su número.
            </p>
          ) : (
            <ParcelRows
              orders={shipment.orders}
              shipmentId={shipment.id}
              action={action}
              chosen={chosen}
              onChoose={(id, on) =>
                setChosen((prev) => {
                  const next = new Set(prev);
                  if (on) next.add(id);
                  else next.delete(id);
                  return next;
                })
              }
              onChooseAll={(on) => setChosen(on ? new Set(present) : new Set())}
              timeZone={timeZone}
            />
          )}
        </section>
        <div className="grid gap-6">
          <section
            aria-labelledby="event-title"
            className="rounded-2xl border border-border bg-card p-4 shadow-sm md:p-5"
          >
            <h2 id="event-title" className="mb-1 font-heading text-lg font-bold">
              Añadir novedad a todos
            </h2>
            <p className="mb-4 text-sm text-muted-foreground">
              Cada cliente la verá al momento en su página de seguimiento. Si marcas paquetes en la lista, va
              solo a esos; si no, a todos los que siguen en camino.
            </p>
            <EventForm
              shipmentId={shipment.id}
              action={action}
              reply={actionData}
              places={places}
              now={now}
              selected={selected.length}
            />
          </section>
          <section
            aria-labelledby="details-title"
            className="rounded-2xl border border-border bg-card p-4 shadow-sm md:p-5"
          >
            <h2 id="details-title" className="mb-3 font-heading text-lg font-bold">
              Datos del embarque
            </h2>
            <ShipmentForm key={shipment.id} shipment={shipment} reply={actionData} action={action} />
            <DeleteShipment id={shipment.id} action={action} parcels={shipment.parcels} />
          </section>
        </div>
      </div>
    </StaffPage>
  );
}

/** 'Eliminar embarque', behind a second step that works without scripts; the parcels stay. */
function DeleteShipment({ id, action, parcels }: { id: string; action: string; parcels: number }) {
  return (
    <details className="mt-6 border-t border-border pt-4">
      <summary className="cursor-pointer text-sm font-medium text-destructive">Eliminar embarque</summary>
      <Form method="post" action={action} className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value={SHIPMENTS_INTENT.delete} />
        <input type="hidden" name="id" value={id} />
        <p className="text-sm text-muted-foreground">
          {parcels > 0
            ? `Sus ${parcels === 1 ? "paquete sigue" : `${parcels} paquetes siguen`} como pedidos, fuera de cualquier embarque.`
            : "El embarque está vacío."}
        </p>
        <Button type="submit" variant="destructive" className="justify-self-start">
          Sí, eliminar embarque
        </Button>
      </Form>
    </details>
  );
}
