import { getFormProps, getInputProps } from "@conform-to/react";
import { Pencil, Plus, Trash2, UserRound } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useReplyMessage, useZodForm } from "~/lib/forms";
import { courierEditSchema, courierFormSchema } from "~/lib/order-forms";
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
                <p className="truncate text-sm text-muted-foreground">{c.phone ?? "Sin teléfono"}</p>
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
          removing && remover.submit({ intent: "courier-delete", id: removing.id }, { method: "post" })
        }
      />
    </section>
  );
}

function CourierDialog({ courier, onClose }: { courier: Courier | null; onClose: () => void }) {
  const fetcher = useFetcher<OrdersActionData>();
  const busy = fetcher.state !== "idle";
  useReplyMessage(fetcher.data, onClose);
  const [form, fields] = useZodForm(courier ? courierEditSchema : courierFormSchema, {
    id: courier ? `courier-${courier.id}` : "courier-new",
    lastResult: fetcher.data?.result,
    defaultValue: courier ?? undefined,
  });
  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{courier ? "Editar Repartidor" : "Nuevo Repartidor"}</DialogTitle>
        </DialogHeader>
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
          <input type="hidden" name="intent" value={courier ? "courier-update" : "courier-create"} />
          {courier ? <input type="hidden" name="id" value={courier.id} /> : null}
          <fieldset disabled={busy} className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={fields.name.id}>Nombre</Label>
              <Input {...getInputProps(fields.name, { type: "text" })} maxLength={100} />
              <FieldError id={fields.name.errorId} errors={fields.name.errors} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={fields.phone.id}>Teléfono</Label>
              <Input {...getInputProps(fields.phone, { type: "tel" })} maxLength={50} />
              <FieldError id={fields.phone.errorId} errors={fields.phone.errors} />
            </div>
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Guardando..." : "Guardar"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
