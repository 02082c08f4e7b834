import { type AppLoadContext, href, redirect } from "react-router";
import { actorOf } from "~/.server/audit/audit";
import type { DomainError } from "~/.server/errors";
import { requirePermission } from "~/.server/http/guards";
import { dispatchIntent, readForm, type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import type { OrdersDeps } from "~/.server/orders/orders";
import {
  addShipmentEvent,
  addToShipment,
  deleteShipment,
  removeFromShipment,
  type ShipmentAddResult,
  saveShipment,
} from "~/.server/orders/shipments";
import { recordIdSchema } from "~/lib/order-forms";
import { eventLine, STATUS_INFO } from "~/lib/orders";
import { plural } from "~/lib/plural";
import {
  SHIPMENTS_INTENT,
  shipmentAddSchema,
  shipmentEventSchema,
  shipmentRemoveSchema,
  shipmentSchema,
} from "~/lib/shipment-forms";
import { errorToast, type ToastMessage } from "~/lib/toast";

const intent = staffIntentsWith<ToastMessage>();

/** Why a change was refused, in words. */
function failure(fallback: string) {
  return (error: DomainError | null): ToastMessage => {
    if (error?.kind === "not_found") {
      return errorToast(
        error.reason === "shipment" ? "El embarque ya no existe." : "Ese pedido ya no existe.",
      );
    }
    if (error?.reason === "shipment-empty") return errorToast("El embarque no tiene paquetes en camino.");
    if (error?.reason === "parcels-gone")
      return errorToast("Los paquetes marcados ya no están en el embarque.");
    if (error?.reason === "parcels-missing")
      return errorToast(`No encontramos ${error.detail ?? "ese número"}.`);
    if (error?.kind === "invalid") return errorToast("Revisa los campos marcados.");
    return errorToast(fallback);
  };
}

/** A refusal about one field, shown by that field. */
function fieldError(error: DomainError): Record<string, string[]> | undefined {
  switch (error.reason) {
    case "parcels-missing":
      return { numbers: [`No hay ningún pedido con el número ${error.detail ?? ""}.`.replace(" .", ".")] };
    case "event-time":
      return { at: ["Esa hora no existe en Miami (cambio de horario)."] };
    case "event-future":
      return { at: ["La fecha y hora no pueden ser futuras."] };
    default:
      return undefined;
  }
}

const some = (numbers: string[]) =>
  numbers.length > 3 ? `${numbers.slice(0, 3).join(", ")} y ${numbers.length - 3} más` : numbers.join(", ");

/** What adding parcels did: added, moved from another shipment, already there, not found. */
export function addedMessage(r: ShipmentAddResult): ToastMessage {
  const parts: string[] = [];
  if (r.added.length > 0)
    parts.push(`${plural(r.added.length, "paquete añadido", "paquetes añadidos")}: ${some(r.added)}.`);
  for (const m of r.moved.slice(0, 3)) parts.push(`${m.trackingNumber} estaba en ${m.from}.`);
  if (r.already.length > 0)
    parts.push(`Ya estaba${r.already.length > 1 ? "n" : ""} en ${r.reference}: ${some(r.already)}.`);
  if (r.missing.length > 0) parts.push(`No encontramos ${some(r.missing)}.`);
  return {
    title: r.added.length > 0 ? "Paquetes Añadidos" : "Sin cambios",
    description: parts.join(" "),
    variant: r.missing.length > 0 ? "warning" : "default",
  };
}

/** The intents of 'Embarques' (/admin/embarques and each shipment's page): orders staff. */
export function shipmentIntents(deps: OrdersDeps): StaffIntentTable<ToastMessage> {
  return {
    [SHIPMENTS_INTENT.create]: intent({
      permission: "orders:manage",
      schema: shipmentSchema,
      run: ({ id: _, ...v }) => saveShipment(deps, undefined, v),
      // Straight to its page, where its parcels are scanned in.
      respond: (s) => redirect(href("/admin/embarques/:id", { id: s.id })),
      done: () => null,
      failed: failure("No se pudo crear el embarque."),
    }),
    [SHIPMENTS_INTENT.save]: intent({
      permission: "orders:manage",
      schema: shipmentSchema,
      run: ({ id, ...v }) => saveShipment(deps, id, v),
      done: (s) => ({ title: "Embarque Guardado", description: `${s.reference} guardado.` }),
      failed: failure("No se pudo guardar el embarque."),
    }),
    [SHIPMENTS_INTENT.delete]: intent({
      permission: "orders:manage",
      schema: recordIdSchema,
      run: ({ id }) => deleteShipment(deps, id),
      respond: () => redirect(href("/admin/embarques")),
      done: () => null,
      failed: failure("No se pudo eliminar el embarque."),
      invalid: () => errorToast("Datos inválidos."),
    }),
    [SHIPMENTS_INTENT.add]: intent({
      permission: "orders:manage",
      schema: shipmentAddSchema,
      run: ({ id, ...v }) => addToShipment(deps, id, v),
      done: addedMessage,
      resetForm: true,
      failed: failure("No se pudieron añadir los paquetes."),
      fieldError,
    }),
    [SHIPMENTS_INTENT.remove]: intent({
      permission: "orders:manage",
      schema: shipmentRemoveSchema,
      run: ({ id, orderId }) => removeFromShipment(deps, id, orderId),
      done: (r) => ({
        title: "Paquete Quitado",
        description: `${r.trackingNumber} ya no está en ${r.reference}.`,
      }),
      failed: failure("No se pudo quitar el paquete."),
      invalid: () => errorToast("Datos inválidos."),
    }),
    [SHIPMENTS_INTENT.event]: intent({
      permission: "orders:manage",
      schema: shipmentEventSchema,
      run: ({ id, ...v }) => addShipmentEvent(deps, id, v),
      done: (r, v) => ({
        title: "Novedad Agregada",
        description: `${plural(r.updated, "paquete", "paquetes")} de ${r.reference}: ${
          v.status ? `${STATUS_INFO[v.status].label} · ` : ""
        }${eventLine(v)}.${r.skipped > 0 ? ` ${plural(r.skipped, "entregado o cancelado quedó", "entregados o cancelados quedaron")} como estaba${r.skipped > 1 ? "n" : ""}.` : ""}`,
      }),
      failed: failure("No se pudo agregar la novedad."),
      fieldError,
    }),
  };
}

/** The action of both screens: every form of 'Embarques' posts here, with its intent. */
export async function shipmentsAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const user = await requirePermission(request, context, "orders:manage");
  const form = await readForm(request);
  const { db, bus, logger, config } = context.services;
  const deps = { db, bus, actor: actorOf(user, context.clientIp), timeZone: config.TIME_ZONE };
  return dispatchIntent(form, shipmentIntents(deps), {
    logger,
    user,
    unknownIntent: errorToast("Acción desconocida."),
    forbidden: errorToast("No tienes permiso para esta acción."),
  });
}
