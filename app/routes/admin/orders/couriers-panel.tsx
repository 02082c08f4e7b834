import { getInputProps } from "@conform-to/react";
import { Pencil, Plus, Trash2, UserRound } from "lucide-react";
import { useState } from "react";
import { href, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { FormDialog } from "~/components/ui/form-dialog";
import { Input } from "~/components/ui/input";
import { useReplyMessage } from "~/lib/forms";
import { courierEditSchema, courierFormSchema, ORDERS_INTENT } from "~/lib/order-forms";
import { displayPhone, phoneCountryOf } from "~/lib/phone";
import { PhoneField } from "./phone-field";
import type { Courier, OrdersActionData } from "./types";

/** Couriers (delivery_personnel): the spec only reads them, so staff manage them here. */
export function CouriersPanel({ couriers }: { couriers: Courier[] | null }) {
  const [editing, setEditing] = useState<Courier | "new" | null>(null);
  const [removing, setRemoving] = useState<Courier | null>(null);
  const remover = useFetcher<OrdersActionData>();
  useReplyMessage(remover.data);

  return (
    <section
      aria-labelledby="couriers-title"
      className="rounded-2xl border border-border bg-card p-5 shadow-sm"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="couriers-title" className="font-heading text-lg font-bold">
          Repartidores
        </h2>
        <Button size="sm" variant="outline" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" /> Agregar Repartidor
        </Button>
      </div>
      {couriers === null ? (
        <p role="alert" className="text-sm text-destructive">
          No se pudieron cargar los repartidores.
        </p>
      ) : couriers.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aún no hay repartidores.</p>
      ) : (
        <ul className="divide-y divide-border">
          {couriers.map((c) => (
            <li key={c.id} className="flex items-center gap-3 py-2">
              <UserRound aria-hidden="true" className="size-5 shrink-0 text-primary" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{c.name}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {c.phone ? displayPhone(c.phone) : "Sin teléfono"}
                </p>
              </div>
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Editar a ${c.name}`}
                onClick={() => setEditing(c)}
              >
                <Pencil aria-hidden="true" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Eliminar a ${c.name}`}
                onClick={() => setRemoving(c)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <CourierDialog courier={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={`¿Eliminar a ${removing?.name}?`}
        description="Sus pedidos quedarán como 'No asignado'."
        onConfirm={() =>
          removing &&
          remover.submit(
            { intent: ORDERS_INTENT.courierDelete, id: removing.id },
            { method: "post", action: href("/admin/orders") },
          )
        }
      />
    </section>
  );
}

function CourierDialog({ courier, onClose }: { courier: Courier | null; onClose: () => void }) {
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={courier ? "Editar Repartidor" : "Nuevo Repartidor"}
      action={href("/admin/orders")}
      intent={courier ? ORDERS_INTENT.courierUpdate : ORDERS_INTENT.courierCreate}
      hidden={courier ? { id: courier.id } : undefined}
      id={courier ? `courier-${courier.id}` : "courier-new"}
      schema={courier ? courierEditSchema : courierFormSchema}
      defaultValue={
        courier
          ? {
              ...courier,
              phone: courier.phone ? displayPhone(courier.phone) : "",
              phoneCountry: phoneCountryOf(courier.phone),
            }
          : undefined
      }
      submitLabel="Guardar"
    >
      {(fields) => (
        <>
          <Field field={fields.name} label="Nombre">
            <Input {...getInputProps(fields.name, { type: "text" })} maxLength={100} />
          </Field>
          <PhoneField phone={fields.phone} country={fields.phoneCountry} />
        </>
      )}
    </FormDialog>
  );
}
