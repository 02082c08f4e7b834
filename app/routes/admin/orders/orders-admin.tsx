import { Plus, Search, Settings2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useRevalidator, useRouteLoaderData, useSubmit } from "react-router";
import { StaffPage } from "~/components/staff/staff-page";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { PageNav } from "~/components/ui/page-nav";
import { useEventStream } from "~/lib/event-stream";
import { ORDER_STATUSES, STATUS_INFO } from "~/lib/orders";
import { notifyError } from "~/lib/toast";
import type { loader as rootLoader } from "~/root";
import { CouriersPanel } from "./couriers-panel";
import { CreatedBanner, type CreatedOrder } from "./order-actions";
import { OrderDialog } from "./order-dialog";
import { OrdersList } from "./orders-list";
import { TO_SHIPMENT_FORM, ToShipment } from "./to-shipment";
import { TrackingSettingsDialog } from "./tracking-settings-dialog";
import type { OrdersData, StaffOrder } from "./types";

/** /admin/orders (docs/product.md §3.4): list, filters, dialogs, couriers; live through the staff stream. */
export function OrdersAdmin({
  orders,
  total,
  older,
  newer,
  couriers,
  shipments,
  q,
  status,
  since,
  origin,
  settings,
  canChat,
}: OrdersData) {
  const tz = useRouteLoaderData<typeof rootLoader>("root")?.timeZone;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const submit = useSubmit();
  const [dialog, setDialog] = useState<StaffOrder | "new" | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [created, setCreated] = useState<CreatedOrder | null>(null);
  const debounce = useRef<ReturnType<typeof setTimeout> | null>(null);
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/orders";

  useEffect(() => {
    if (orders === null) notifyError("No se pudieron cargar los pedidos.");
  }, [orders]);

  // Anyone's change to an order or a courier refreshes this list (docs/product.md §3.4).
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEventStream({
    url: "/events/staff",
    stream: "staff",
    types: ["order.changed", "courier.changed"],
    since,
    onEvent: () => {
      if (pending.current) clearTimeout(pending.current);
      pending.current = setTimeout(() => revalidator.revalidate(), 150);
    },
    onReset: () => revalidator.revalidate(),
  });

  const editingOrder =
    dialog && dialog !== "new" ? (orders?.find((o) => o.id === dialog.id) ?? dialog) : null;
  const filterForm = useRef<HTMLFormElement>(null);
  const applyFilters = (delay: number) => {
    if (debounce.current) clearTimeout(debounce.current);
    debounce.current = setTimeout(() => {
      if (filterForm.current) submit(filterForm.current, { replace: true, preventScrollReset: true });
    }, delay);
  };

  return (
    <StaffPage
      title="Gestión de Pedidos"
      description="Crea pedidos, asigna repartidores y actualiza su estado."
      actions={
        <>
          {settings ? (
            <Button variant="outline" onClick={() => setSettingsOpen(true)}>
              <Settings2 aria-hidden="true" /> Ajustes de seguimiento
            </Button>
          ) : null}
          <Button onClick={() => setDialog("new")}>
            <Plus aria-hidden="true" /> Crear Nuevo Pedido
          </Button>
        </>
      }
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <section
          aria-label="Pedidos"
          className="min-w-0 rounded-2xl border border-border bg-card p-4 shadow-sm md:p-5"
        >
          <Form ref={filterForm} method="get" className="mb-4 flex flex-col gap-3 sm:flex-row" role="search">
            <div className="relative flex-1">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                name="q"
                type="search"
                defaultValue={q}
                aria-label="Buscar pedidos"
                placeholder="Buscar por tracking, cliente, teléfono..."
                className="pl-9"
                onChange={() => applyFilters(300)}
              />
            </div>
            <NativeSelect
              name="estado"
              defaultValue={status ?? ""}
              aria-label="Filtrar por estado"
              className="sm:w-52"
              onChange={() => applyFilters(0)}
            >
              <option value="">Todos los Estados</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_INFO[s].label}
                </option>
              ))}
            </NativeSelect>
            <noscript>
              <Button type="submit">Filtrar</Button>
            </noscript>
          </Form>
          <CreatedBanner order={created} onClose={() => setCreated(null)} />
          {loading ? (
            <p role="status" className="py-2 text-sm text-muted-foreground">
              Cargando pedidos...
            </p>
          ) : null}
          {orders === null ? (
            <p role="alert" className="py-8 text-center text-destructive">
              No se pudieron cargar los pedidos.
            </p>
          ) : orders.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">No se encontraron pedidos.</p>
          ) : (
            <>
              <p className="mb-2 text-sm text-muted-foreground">{ordersCount(total)}</p>
              <ToShipment shipments={shipments} />
              <OrdersList
                orders={orders}
                tz={tz}
                origin={origin}
                canChat={canChat}
                onEdit={(o) => setDialog(o)}
                selectForm={shipments.length > 0 ? TO_SHIPMENT_FORM : undefined}
              />
              <PageNav
                label="Páginas de pedidos"
                links={{ newer, older }}
                newerLabel="Más recientes"
                olderLabel="Más antiguos"
                className="mt-4"
              />
            </>
          )}
        </section>
        <CouriersPanel couriers={couriers} />
      </div>
      {dialog ? (
        <OrderDialog
          key={dialog === "new" ? "new" : dialog.id}
          order={editingOrder}
          couriers={couriers ?? []}
          open
          onOpenChange={(o) => !o && setDialog(null)}
          timeZone={tz}
          shipments={shipments}
          onCreated={setCreated}
        />
      ) : null}
      {settings && settingsOpen ? (
        <TrackingSettingsDialog settings={settings} onOpenChange={setSettingsOpen} />
      ) : null}
    </StaffPage>
  );
}

const ordersCount = (n: number) => (n === 1 ? "1 pedido" : `${n.toLocaleString("es-US")} pedidos`);
