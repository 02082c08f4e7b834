import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { useReplyMessage, useZodForm } from "~/lib/forms";
import { orderEditSchema, orderFormSchema } from "~/lib/order-forms";
import { ORDER_STATUSES, REQUIRED_MESSAGE, REQUIRED_TITLE, STATUS_INFO } from "~/lib/orders";
import { displayPhone, PHONE_COUNTRIES, phoneCountryOf } from "~/lib/phone";
import { errorToast, notify } from "~/lib/toast";
import type { Courier, OrdersActionData, StaffOrder } from "./types";

type Props = {
  /** null: the 'Nuevo Pedido' dialog; an order: 'Editar Pedido: {tracking}'. */
  order: StaffOrder | null;
  couriers: Courier[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Create and edit dialogs (docs/product.md §3.4). Errors show by each field and the spec's
 * 'Campos Requeridos' toast when the name or the description is missing; fields stay as typed
 * when a save fails.
 */
export function OrderDialog({ order, couriers, open, onOpenChange }: Props) {
  const fetcher = useFetcher<OrdersActionData>();
  const busy = fetcher.state !== "idle";
  const editing = order !== null;
  useReplyMessage(fetcher.data, () => onOpenChange(false));
  const [form, fields] = useZodForm(editing ? orderEditSchema : orderFormSchema, {
    id: editing ? `order-${order.id}` : "order-new",
    lastResult: fetcher.data?.result,
    defaultValue: order
      ? {
          ...order,
          id: order.id,
          deliveryPersonId: order.deliveryPersonId ?? "none",
          customerPhone: order.customerPhone ? displayPhone(order.customerPhone) : "",
          customerPhoneCountry: phoneCountryOf(order.customerPhone),
        }
      : undefined,
    onInvalidSubmit: (errors) => {
      if (errors.customerName || errors.orderDescription)
        notify(errorToast(REQUIRED_MESSAGE, REQUIRED_TITLE));
    },
  });
  // Only the edit schema has these; the create form simply does not render them.
  const edit = fields as unknown as Record<
    "status" | "deliveryPersonId" | "estimatedDeliveryTime" | "notes",
    FieldMetadata<string>
  >;

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? `Editar Pedido: ${order.trackingNumber}` : "Nuevo Pedido"}</DialogTitle>
          <DialogDescription>
            {editing
              ? "Actualiza los datos, el estado o el repartidor."
              : "El pedido empieza como 'En el local'."}
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
          <input type="hidden" name="intent" value={editing ? "update" : "create"} />
          {editing ? <input type="hidden" name="id" value={order.id} /> : null}
          <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
            <TextField label="Cliente" field={fields.customerName} required maxLength={200} />
            <div className="grid gap-2">
              <Label htmlFor={fields.customerPhone.id}>Teléfono</Label>
              <div className="flex gap-2">
                <NativeSelect
                  {...getSelectProps(fields.customerPhoneCountry)}
                  aria-label="Código de país"
                  className="w-28 shrink-0"
                >
                  {PHONE_COUNTRIES.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.code} {c.dial}
                    </option>
                  ))}
                </NativeSelect>
                <Input
                  {...getInputProps(fields.customerPhone, { type: "tel" })}
                  autoComplete="off"
                  placeholder="8765 4321"
                  maxLength={50}
                  className="min-w-0"
                />
              </div>
              <FieldError id={fields.customerPhone.errorId} errors={fields.customerPhone.errors} />
            </div>
            <TextField label="Dirección" field={fields.customerAddress} wide maxLength={500} />
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor={fields.orderDescription.id}>
                Descripción <span aria-hidden="true">*</span>
              </Label>
              <Textarea {...getTextareaProps(fields.orderDescription)} rows={3} maxLength={2000} />
              <FieldError id={fields.orderDescription.errorId} errors={fields.orderDescription.errors} />
            </div>
            <TextField
              label="Total"
              field={fields.orderTotal}
              placeholder="Ej: C$150 o $5.00"
              maxLength={50}
            />
            {editing ? (
              <>
                <div className="grid gap-2">
                  <Label htmlFor={edit.status.id}>Estado</Label>
                  <NativeSelect {...getSelectProps(edit.status)}>
                    {ORDER_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {STATUS_INFO[s].label}
                      </option>
                    ))}
                  </NativeSelect>
                  <FieldError id={edit.status.errorId} errors={edit.status.errors} />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={edit.deliveryPersonId.id}>Repartidor</Label>
                  <NativeSelect {...getSelectProps(edit.deliveryPersonId)}>
                    <option value="none">No asignado</option>
                    {couriers.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </NativeSelect>
                  <FieldError id={edit.deliveryPersonId.errorId} errors={edit.deliveryPersonId.errors} />
                </div>
                <TextField
                  label="Tiempo Est."
                  field={edit.estimatedDeliveryTime}
                  placeholder="Ej: 30 minutos"
                  maxLength={100}
                />
                <div className="grid gap-2 sm:col-span-2">
                  <Label htmlFor={edit.notes.id}>Notas</Label>
                  <Textarea {...getTextareaProps(edit.notes)} rows={2} maxLength={2000} />
                  <FieldError id={edit.notes.errorId} errors={edit.notes.errors} />
                </div>
              </>
            ) : null}
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Guardando..." : editing ? "Guardar Cambios" : "Crear Pedido"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function TextField(props: {
  label: string;
  field: FieldMetadata<string | null | undefined>;
  placeholder?: string;
  type?: "text" | "tel";
  required?: boolean;
  wide?: boolean;
  maxLength: number;
}) {
  const { field } = props;
  return (
    <div className={props.wide ? "grid gap-2 sm:col-span-2" : "grid gap-2"}>
      <Label htmlFor={field.id}>
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </Label>
      <Input
        {...getInputProps(field, { type: props.type ?? "text" })}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
