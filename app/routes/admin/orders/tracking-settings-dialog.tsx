import { getCollectionProps, getInputProps } from "@conform-to/react";
import { href } from "react-router";
import { FieldError } from "~/components/ui/field-error";
import { FormDialog } from "~/components/ui/form-dialog";
import { Input } from "~/components/ui/input";
import { MAX_TRANSIT_DAYS } from "~/lib/delivery";
import { ORDERS_INTENT, orderSettingsSchema } from "~/lib/order-forms";
import { ORDER_STATUSES, STATUS_INFO } from "~/lib/orders";
import { PHONE_COUNTRIES } from "~/lib/phone";
import type { OrdersData } from "./types";

type Settings = NonNullable<OrdersData["settings"]>;

/**
 * 'Ajustes de seguimiento' (admin, docs/product.md §3.4): whether the tracking page shows the
 * address and phone without the 4-digit check (off by default), and the transit days per
 * destination that give each order's expected delivery, and which changes e-mail the people who
 * follow a parcel (its sender, and whoever asked on the tracking page).
 */
export function TrackingSettingsDialog({
  settings,
  onOpenChange,
}: {
  settings: Settings;
  onOpenChange: (open: boolean) => void;
}) {
  const transit = Object.fromEntries(
    PHONE_COUNTRIES.map((c) => {
      const range = settings.transitDays[c.code];
      return [c.code, range ? { min: String(range.min), max: String(range.max) } : { min: "", max: "" }];
    }),
  );
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title="Ajustes de seguimiento"
      description="Qué ve quien consulta un pedido, y cuántos días tarda cada destino."
      action={href("/admin/orders")}
      intent={ORDERS_INTENT.settings}
      schema={orderSettingsSchema}
      defaultValue={{
        showDeliveryDetails: settings.showDeliveryDetails ? "on" : "",
        transit,
        mailStatuses: settings.mailStatuses,
        mailEvents: settings.mailEvents ? "on" : "",
      }}
      submitLabel="Guardar Ajustes"
      className="max-w-lg"
    >
      {(fields) => {
        const days = fields.transit.getFieldset();
        return (
          <>
            <div className="grid gap-1">
              <div className="flex items-start gap-3">
                <input
                  {...getInputProps(fields.showDeliveryDetails, { type: "checkbox" })}
                  aria-describedby="show-details-hint"
                  className="mt-1 size-5 shrink-0 accent-primary"
                />
                <label htmlFor={fields.showDeliveryDetails.id} className="text-sm font-medium">
                  Mostrar dirección y teléfono sin verificación
                </label>
              </div>
              <p id="show-details-hint" className="pl-8 text-xs text-muted-foreground">
                Apagado (recomendado): quien tiene el número de tracking ve el estado y el historial; la
                dirección y el teléfono, solo tras confirmar los últimos 4 dígitos del teléfono del pedido.
              </p>
            </div>
            <fieldset className="grid gap-2" aria-describedby="mail-hint">
              <legend className="mb-1 text-sm font-medium">Avisos por correo</legend>
              <p id="mail-hint" className="text-xs text-muted-foreground">
                Quien envía el paquete (si dejó su correo) y quien los pidió en la página de seguimiento
                reciben un correo cuando el pedido pasa a:
              </p>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {getCollectionProps(fields.mailStatuses, {
                  type: "checkbox",
                  options: [...ORDER_STATUSES],
                }).map((props) => (
                  <label key={props.key} className="flex min-h-11 items-center gap-2 text-sm">
                    <input {...props} key={props.key} className="size-5 accent-primary" />
                    {STATUS_INFO[props.value as keyof typeof STATUS_INFO].label}
                  </label>
                ))}
              </div>
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  {...getInputProps(fields.mailEvents, { type: "checkbox" })}
                  className="size-5 shrink-0 accent-primary"
                />
                Y con cada novedad (nota o lugar) del pedido o de su embarque
              </label>
              <FieldError id={fields.mailStatuses.errorId} errors={fields.mailStatuses.errors} />
            </fieldset>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Días de tránsito por destino</legend>
              <p className="text-xs text-muted-foreground">
                Desde el día en que recibimos el pedido. Vacío: sin fecha estimada para ese destino.
              </p>
              <ul className="divide-y divide-border rounded-lg border border-border">
                {PHONE_COUNTRIES.map((c) => {
                  const range = days[c.code].getFieldset();
                  return (
                    <li key={c.code} className="grid gap-1 px-3 py-2">
                      <div className="flex items-center gap-2">
                        <span className="min-w-0 flex-1 text-sm font-medium">{c.name}</span>
                        <span className="flex shrink-0 items-center gap-1.5">
                          <Input
                            {...getInputProps(range.min, { type: "number" })}
                            aria-label={`${c.name}: días mínimos`}
                            min={0}
                            max={MAX_TRANSIT_DAYS}
                            inputMode="numeric"
                            className="w-16 px-2 text-center"
                          />
                          <span aria-hidden="true">–</span>
                          <Input
                            {...getInputProps(range.max, { type: "number" })}
                            aria-label={`${c.name}: días máximos`}
                            min={0}
                            max={MAX_TRANSIT_DAYS}
                            inputMode="numeric"
                            className="w-16 px-2 text-center"
                          />
                          <span className="text-sm text-muted-foreground">días</span>
                        </span>
                      </div>
                      <FieldError id={range.min.errorId} errors={range.min.errors} />
                      <FieldError id={range.max.errorId} errors={range.max.errors} />
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          </>
        );
      }}
    </FormDialog>
  );
}
