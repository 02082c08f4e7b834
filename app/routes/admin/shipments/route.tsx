import { Boxes } from "lucide-react";
import { href, Link } from "react-router";
import { requirePermission } from "~/.server/http/guards";
import { loaderFailure } from "~/.server/http/outage";
import { listShipments } from "~/.server/orders/shipments";
import { StaffPage } from "~/components/staff/staff-page";
import { formatDayRange } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/route";
import { shipmentsAction } from "./intents";
import { ShipmentForm, shipmentLine } from "./shipment-form";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Embarques") },
  { name: "robots", content: "noindex" },
];

/** 'Embarques' (issue 39): the shipments, newest first, and a form for a new one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "orders:manage");
  const { db, logger, config } = context.services;
  const shipments = await listShipments(db).catch((err: unknown) => {
    throw loaderFailure(err, { logger, what: "No se pudieron cargar los embarques" });
  });
  return { shipments, timeZone: config.TIME_ZONE };
}

export const action = shipmentsAction;

const ACTION = href("/admin/embarques");

export default function ShipmentsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { shipments, timeZone } = loaderData;
  const day = (d: string) => formatDayRange(d, d, new Date(), timeZone);
  return (
    <StaffPage
      title="Embarques"
      description="Los paquetes que salen juntos en un contenedor o un vuelo: añádelos escaneando su número y actualízalos todos a la vez."
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
        <section
          aria-labelledby="shipments-title"
          className="min-w-0 rounded-2xl border border-border bg-card p-4 shadow-sm md:p-5"
        >
          <h2 id="shipments-title" className="mb-3 font-heading text-lg font-bold">
            Embarques recientes
          </h2>
          {shipments.length === 0 ? (
            <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">
              Aún no hay embarques. Crea el primero con el formulario.
            </p>
          ) : (
            <ul className="divide-y divide-border">
              {shipments.map((s) => (
                <li key={s.id}>
                  <Link
                    to={href("/admin/embarques/:id", { id: s.id })}
                    className="flex min-h-14 items-center gap-3 rounded-lg px-2 py-3 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <Boxes aria-hidden="true" className="size-5 shrink-0 text-primary" />
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium">{s.reference}</span>
                      <span className="block text-sm text-muted-foreground">{shipmentLine(s, day)}</span>
                    </span>
                    <span className="shrink-0 text-right text-sm">
                      {s.parcels === 1 ? "1 paquete" : `${s.parcels} paquetes`}
                      {s.parcels > 0 ? (
                        <span className="block text-muted-foreground">
                          {s.done === s.parcels ? "Todos entregados" : `${s.parcels - s.done} en camino`}
                        </span>
                      ) : null}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section
          aria-labelledby="new-shipment-title"
          className="rounded-2xl border border-border bg-card p-4 shadow-sm md:p-5"
        >
          <h2 id="new-shipment-title" className="mb-3 font-heading text-lg font-bold">
            Nuevo embarque
          </h2>
          <ShipmentForm shipment={null} reply={actionData} action={ACTION} />
        </section>
      </div>
    </StaffPage>
  );
}
