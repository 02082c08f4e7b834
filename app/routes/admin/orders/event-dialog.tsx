import { getInputProps, getSelectProps } from "@conform-to/react";
import type { RefObject } from "react";
import { href } from "react-router";
import { Field } from "~/components/ui/field";
import { FormDialog } from "~/components/ui/form-dialog";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { EVENT_NOTE_MAX, EVENT_PLACE_MAX, ORDERS_INTENT, orderEventSchema } from "~/lib/order-forms";
import { ORDER_STATUSES, STATUS_INFO } from "~/lib/orders";
import type { StaffOrder } from "./types";

/**
 * 'Añadir novedad' (docs/product.md §3.4): a line on the order's timeline — what happened and
 * where ('Llegó a Managua', 'Managua') — with a change of status when one is chosen. The customer
 * sees it live on the tracking page and in the push notification.
 */
export function EventDialog({
  order,
  onOpenChange,
  returnFocusTo,
}: {
  order: StaffOrder;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={`Añadir novedad: ${order.trackingNumber}`}
      description="El cliente la verá en la página de seguimiento, con la fecha de hoy."
      action={href("/admin/orders")}
      intent={ORDERS_INTENT.event}
      id={`event-${order.id}`}
      hidden={{ id: order.id }}
      schema={orderEventSchema}
      defaultValue={{ status: "" }}
      submitLabel="Añadir al historial"
      returnFocusTo={returnFocusTo}
    >
      {(fields) => (
        <>
          <Field field={fields.note} label="Nota" hint="Ej: Llegó a Managua, En aduana">
            {(hintId) => (
              <Input
                {...getInputProps(fields.note, { type: "text", ariaDescribedBy: hintId })}
                maxLength={EVENT_NOTE_MAX}
                autoComplete="off"
              />
            )}
          </Field>
          <Field field={fields.place} label="Lugar" hint="Ej: Managua, Peñas Blancas">
            {(hintId) => (
              <Input
                {...getInputProps(fields.place, { type: "text", ariaDescribedBy: hintId })}
                maxLength={EVENT_PLACE_MAX}
                autoComplete="off"
              />
            )}
          </Field>
          <Field field={fields.status} label="Cambiar estado">
            <NativeSelect {...getSelectProps(fields.status)}>
              <option value="">Sin cambio ({STATUS_INFO[order.status].label})</option>
              {ORDER_STATUSES.filter((s) => s !== order.status).map((s) => (
                <option key={s} value={s}>
                  {STATUS_INFO[s].label}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </>
      )}
    </FormDialog>
  );
}
