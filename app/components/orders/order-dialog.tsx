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
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, Textarea } from "~/components/ui/textarea";
import { ORDER_STATUSES, REQUIRED_MESSAGE, REQUIRED_TITLE, STATUS_INFO } from "~/lib/orders";
import { notify } from "~/lib/toast";
import { useActionToast } from "~/lib/use-action-toast";
import type { Courier, StaffOrder } from "~/server/orders/orders";

type Props = {
  /** null: the 'Nuevo Pedido' dialog; an order: 'Editar Pedido: {tracking}'. */
  order: StaffOrder | null;
  couriers: Courier[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Create and edit dialogs (SPEC §2.14). Fields stay as typed when a save fails. */
export function OrderDialog({ order, couriers, open, onOpenChange }: Props) {
  const fetcher = useFetcher<{ ok: boolean; at: number; toast: { title: string; description?: string } }>();
  const busy = fetcher.state !== "idle";
  const editing = order !== null;
  useActionToast(fetcher.data, () => onOpenChange(false));

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const f = new FormData(e.currentTarget);
    const name = String(f.get("customerName") ?? "").trim();
    const description = String(f.get("orderDescription") ?? "").trim();
    if (!name || !description) {
      e.preventDefault();
      notify({ title: REQUIRED_TITLE, description: REQUIRED_MESSAGE, variant: "destructive" });
    }
  };

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
        <fetcher.Form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
          <input type="hidden" name="intent" value={editing ? "update" : "create"} />
          {editing ? <input type="hidden" name="id" value={order.id} /> : null}
          <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
            <Field label="Cliente" name="customerName" defaultValue={order?.customerName} required />
            <Field label="Teléfono" name="customerPhone" defaultValue={order?.customerPhone} type="tel" />
            <Field label="Dirección" name="customerAddress" defaultValue={order?.customerAddress} wide />
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor="orderDescription">
                Descripción <span aria-hidden="true">*</span>
              </Label>
              <Textarea
                id="orderDescription"
                name="orderDescription"
                defaultValue={order?.orderDescription ?? ""}
                rows={3}
                maxLength={2000}
              />
            </div>
            <Field
              label="Total"
              name="orderTotal"
              defaultValue={order?.orderTotal}
              placeholder="Ej: C$150 o $5.00"
            />
            {editing ? (
              <>
                <div className="grid gap-2">
                  <Label htmlFor="status">Estado</Label>
                  <NativeSelect id="status" name="status" defaultValue={order.status}>
                    {ORDER_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {STATUS_INFO[s].label}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="deliveryPersonId">Repartidor</Label>
                  <NativeSelect
                    id="deliveryPersonId"
                    name="deliveryPersonId"
                    defaultValue={order.deliveryPersonId ?? "none"}
                  >
                    <option value="none">No asignado</option>
                    {couriers.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <Field
                  label="Tiempo Est."
                  name="estimatedDeliveryTime"
                  defaultValue={order.estimatedDeliveryTime}
                  placeholder="Ej: 30 minutos"
                />
                <div className="grid gap-2 sm:col-span-2">
                  <Label htmlFor="notes">Notas</Label>
                  <Textarea
                    id="notes"
                    name="notes"
                    defaultValue={order.notes ?? ""}
                    rows={2}
                    maxLength={2000}
                  />
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

function Field(props: {
  label: string;
  name: string;
  defaultValue?: string | null;
  placeholder?: string;
  type?: string;
  required?: boolean;
  wide?: boolean;
}) {
  return (
    <div className={props.wide ? "grid gap-2 sm:col-span-2" : "grid gap-2"}>
      <Label htmlFor={props.name}>
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </Label>
      <Input
        id={props.name}
        name={props.name}
        type={props.type ?? "text"}
        defaultValue={props.defaultValue ?? ""}
        placeholder={props.placeholder}
        maxLength={props.name === "customerAddress" ? 500 : 200}
      />
    </div>
  );
}
