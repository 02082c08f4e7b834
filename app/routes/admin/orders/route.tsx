import { useLoaderData } from "react-router";
import { actorOf } from "~/.server/audit/audit";
import type { DomainError } from "~/.server/errors";
import { requirePermission } from "~/.server/http/guards";
import { dispatchIntent, readForm, type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import { createCourier, deleteCourier, listCouriers, updateCourier } from "~/.server/orders/couriers";
import {
  addOrderEvent,
  changeOrderStatus,
  createOrder,
  deleteOrder,
  deleteOrderEvent,
  listOrders,
  updateOrder,
} from "~/.server/orders/orders";
import { readOrderSettings, saveOrderSettings } from "~/.server/orders/settings";
import { openShipments } from "~/.server/orders/shipments";
import { isUuid } from "~/lib/ids";
import { parseCursor } from "~/lib/keyset";
import { pageTitle } from "~/lib/meta";
import {
  courierEditSchema,
  courierFormSchema,
  ORDERS_INTENT,
  orderEditSchema,
  orderEventDeleteSchema,
  orderEventSchema,
  orderFormSchema,
  orderSettingsSchema,
  orderStatusChangeSchema,
  recordIdSchema,
  toOrderSettings,
} from "~/lib/order-forms";
import { eventLine, isOrderStatus, REQUIRED_MESSAGE, REQUIRED_TITLE, STATUS_INFO } from "~/lib/orders";
import { can } from "~/lib/permissions";
import { boxTitle } from "~/lib/price-list";
import { errorToast, type ToastMessage } from "~/lib/toast";
import type { Route } from "./+types/route";
import { OrdersAdmin } from "./orders-admin";

const intent = staffIntentsWith<ToastMessage>();

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Gestión de Pedidos") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "orders:manage");
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.slice(0, 100) ?? "";
  const estado = url.searchParams.get("estado");
  const status = isOrderStatus(estado) ? estado : null;
  const after = parseCursor(url.searchParams.get("despues"), isUuid);
  const before = parseCursor(url.searchParams.get("antes"), isUuid);
  const { db, bus, logger, config } = context.services;
  const since = await bus.latestId().catch(() => 0);
  const [page, couriers, shipments, settings] = await Promise.all([
    listOrders(db, { q, status, after, before }, config.TIME_ZONE).catch((err) => {
      logger.error({ err }, "orders list failed");
      return null;
    }),
    listCouriers(db).catch((err) => {
      logger.error({ err }, "couriers list failed");
      return null;
    }),
    openShipments(db).catch((err) => {
      logger.error({ err }, "shipments list failed");
      return [];
    }),
    can(user, "orders:settings")
      ? readOrderSettings(db).catch((err) => {
          logger.error({ err }, "order settings failed");
          return null;
        })
      : null,
  ]);
  return {
    orders: page?.items ?? null,
    total: page?.total ?? 0,
    older: page?.older ?? null,
    newer: page?.newer ?? null,
    couriers,
    /** Shipments a parcel can join ('Embarque' in the dialog, 'Añadir marcados al embarque'). */
    shipments,
    q,
    status,
    since,
    origin: context.publicOrigin,
    /** 'Ajustes de seguimiento', for those who may change them (admin). */
    settings,
    /** May open an order's conversation ('Abrir conversación'). */
    canChat: can(user, "chat:reply"),
  };
}

/** What a refusal says: the record is gone, the input was refused, or the spec's failure text. */
function failure(fallback: string) {
  return (error: DomainError | null): ToastMessage => {
    if (error?.kind === "not_found") {
      if (error.reason === "courier") return errorToast("Repartidor no encontrado.");
      if (error.reason === "order-event") return errorToast("La novedad ya no existe.");
      return errorToast("Pedido no encontrado.");
    }
    // 'Crear pedido' from a conversation deleted while the form was open.
    if (error?.reason === "conversation") return errorToast("La conversación de este pedido ya no existe.");
    if (error?.kind === "invalid") return errorToast("Datos inválidos.");
    return errorToast(fallback);
  };
}

/** The spec's 'Campos Requeridos' toast when the name or the description is missing. */
const requiredFields = (errors: Record<string, string[] | null>): ToastMessage | null =>
  errors.customerName || errors.orderDescription ? errorToast(REQUIRED_MESSAGE, REQUIRED_TITLE) : null;

/** A box no longer on the price list (the owner changed it while the form was open). */
const boxError = (error: DomainError) =>
  error.reason === "box"
    ? { box: ["Esa caja ya no está en la lista de precios: elige otra o 'Otro'."] }
    : undefined;

function intents(deps: Parameters<typeof createOrder>[0]): StaffIntentTable<ToastMessage> {
  return {
    [ORDERS_INTENT.create]: intent({
      permission: "orders:manage",
      schema: orderFormSchema,
      run: (v) => createOrder(deps, v),
      done: (o) => ({ title: "Pedido Creado", description: `Número de tracking: ${o.trackingNumber}` }),
      // The dialog then offers the receipt and the label of the new parcel.
      extra: (o) => ({ id: o.id, trackingNumber: o.trackingNumber }),
      failed: failure("No se pudo crear el pedido."),
      fieldError: boxError,
      invalid: requiredFields,
    }),
    [ORDERS_INTENT.update]: intent({
      permission: "orders:manage",
      schema: orderEditSchema,
      run: ({ id, ...v }) => updateOrder(deps, id, v),
      done: (o) => ({ title: "Pedido Actualizado", description: `Pedido ${o.trackingNumber} guardado.` }),
      failed: failure("No se pudo actualizar el pedido."),
      fieldError: boxError,
      invalid: requiredFields,
    }),
    [ORDERS_INTENT.status]: intent({
      permission: "orders:manage",
      schema: orderStatusChangeSchema,
      run: ({ id, status }) => changeOrderStatus(deps, id, status),
      done: (o) => ({
        title: "Estado Actualizado",
        description: `${o.trackingNumber}: ${STATUS_INFO[o.status].label}`,
      }),
      failed: failure("No se pudo cambiar el estado."),
      invalid: () => errorToast("Estado inválido."),
    }),
    [ORDERS_INTENT.event]: intent({
      permission: "orders:manage",
      schema: orderEventSchema,
      run: ({ id, ...v }) => addOrderEvent(deps, id, v),
      done: (o, v) => ({
        title: v.status ? "Estado Actualizado" : "Novedad Agregada",
        description: `${o.trackingNumber}: ${v.status ? `${STATUS_INFO[v.status].label} · ` : ""}${eventLine(v)}`,
      }),
      failed: failure("No se pudo agregar la novedad."),
    }),
    [ORDERS_INTENT.eventDelete]: intent({
      permission: "orders:manage",
      schema: orderEventDeleteSchema,
      run: ({ id, eventId }) => deleteOrderEvent(deps, id, eventId),
      done: (o) => ({ title: "Novedad Eliminada", description: `Pedido ${o.trackingNumber}.` }),
      failed: failure("No se pudo eliminar la novedad."),
      invalid: () => errorToast("Datos inválidos."),
    }),
    [ORDERS_INTENT.settings]: intent({
      permission: "orders:settings",
      schema: orderSettingsSchema,
      run: (v) => saveOrderSettings(deps, toOrderSettings(v)),
      done: () => ({ title: "Ajustes Guardados", description: "Los ajustes de seguimiento se guardaron." }),
      failed: failure("No se pudieron guardar los ajustes."),
    }),
    [ORDERS_INTENT.delete]: intent({
      permission: "orders:manage",
      schema: recordIdSchema,
      run: ({ id }) => deleteOrder(deps, id),
      done: () => ({ title: "Pedido Eliminado", description: "El pedido fue eliminado." }),
      failed: failure("No se pudo eliminar el pedido."),
      invalid: () => errorToast("Datos inválidos."),
    }),
    [ORDERS_INTENT.courierCreate]: intent({
      permission: "orders:manage",
      schema: courierFormSchema,
      run: (v) => createCourier(deps, v),
      done: (c) => ({ title: "Repartidor Agregado", description: `${c.name} ya puede asignarse a pedidos.` }),
      failed: failure("No se pudo guardar el repartidor."),
    }),
    [ORDERS_INTENT.courierUpdate]: intent({
      permission: "orders:manage",
      schema: courierEditSchema,
      run: ({ id, ...v }) => updateCourier(deps, id, v),
      done: (c) => ({ title: "Repartidor Actualizado", description: `${c.name} guardado.` }),
      failed: failure("No se pudo guardar el repartidor."),
    }),
    [ORDERS_INTENT.courierDelete]: intent({
      permission: "orders:manage",
      schema: recordIdSchema,
      run: ({ id }) => deleteCourier(deps, id),
      done: () => ({
        title: "Repartidor Eliminado",
        description: "Sus pedidos quedaron como 'No asignado'.",
      }),
      failed: failure("No se pudo eliminar el repartidor."),
      invalid: () => errorToast("Datos inválidos."),
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "orders:manage");
  const form = await readForm(request);
  const { db, bus, logger, config, siteContent } = context.services;
  const actor = actorOf(user, context.clientIp);
  const boxNames = (await siteContent.get()).prices.boxes.map(boxTitle);
  return dispatchIntent(form, intents({ db, bus, actor, timeZone: config.TIME_ZONE, boxNames }), {
    logger,
    user,
    unknownIntent: errorToast("Acción desconocida."),
    forbidden: errorToast("No tienes permiso para esta acción."),
  });
}

export default function OrdersRoute() {
  return <OrdersAdmin {...useLoaderData<typeof loader>()} />;
}
