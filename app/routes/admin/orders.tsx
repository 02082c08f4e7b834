import { data, useLoaderData } from "react-router";
import { OrdersAdmin } from "~/components/orders/orders-admin";
import { pageTitle } from "~/lib/meta";
import { isOrderStatus, REQUIRED_MESSAGE, REQUIRED_TITLE, STATUS_INFO } from "~/lib/orders";
import type { ToastMessage } from "~/lib/toast";
import { readForm, requireRole, STAFF } from "~/server/auth/guards";
import {
  changeOrderStatus,
  createCourier,
  createOrder,
  deleteCourier,
  deleteOrder,
  listCouriers,
  listOrders,
  NotFoundError,
  updateCourier,
  updateOrder,
} from "~/server/orders/orders";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Gestión de Pedidos") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, STAFF);
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.slice(0, 100) ?? "";
  const estado = url.searchParams.get("estado");
  const status = isOrderStatus(estado) ? estado : null;
  const { db, bus, logger } = context.services;
  const since = await bus.latestId().catch(() => 0);
  const [orders, couriers] = await Promise.all([
    listOrders(db, { q, status }).catch((err) => {
      logger.error({ err }, "orders list failed");
      return null;
    }),
    listCouriers(db).catch((err) => {
      logger.error({ err }, "couriers list failed");
      return null;
    }),
  ]);
  return { orders, couriers, q, status, since, origin: url.origin };
}

type ActionResult = { ok: boolean; toast: ToastMessage; intent: string; at: number };

const fail = (intent: string, description: string, status: number, title = "Error") =>
  data<ActionResult>(
    { ok: false, intent, at: Date.now(), toast: { title, description, variant: "destructive" } },
    { status },
  );
const done = (intent: string, title: string, description: string): ActionResult => ({
  ok: true,
  intent,
  at: Date.now(),
  toast: { title, description },
});

const FAILURES: Record<string, string> = {
  create: "No se pudo crear el pedido.",
  update: "No se pudo actualizar el pedido.",
  status: "No se pudo cambiar el estado.",
  delete: "No se pudo eliminar el pedido.",
  "courier-create": "No se pudo guardar el repartidor.",
  "courier-update": "No se pudo guardar el repartidor.",
  "courier-delete": "No se pudo eliminar el repartidor.",
};

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(request, context, STAFF);
  const form = await readForm(request);
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
  const intent = fields.intent ?? "";
  const id = fields.id ?? "";
  const deps = { db: context.services.db, bus: context.services.bus };
  if (!(intent in FAILURES)) return fail(intent, "Acción desconocida.", 400);
  try {
    switch (intent) {
      case "create": {
        const o = await createOrder(deps, fields);
        return done(intent, "Pedido Creado", `Número de tracking: ${o.trackingNumber}`);
      }
      case "update": {
        const o = await updateOrder(deps, id, fields);
        return done(intent, "Pedido Actualizado", `Pedido ${o.trackingNumber} guardado.`);
      }
      case "status": {
        if (!isOrderStatus(fields.status)) return fail(intent, "Estado inválido.", 400);
        const o = await changeOrderStatus(deps, id, fields.status);
        return done(intent, "Estado Actualizado", `${o.trackingNumber}: ${STATUS_INFO[o.status].label}`);
      }
      case "delete":
        await deleteOrder(deps, id);
        return done(intent, "Pedido Eliminado", "El pedido fue eliminado.");
      case "courier-create": {
        const c = await createCourier(deps, fields);
        return done(intent, "Repartidor Agregado", `${c.name} ya puede asignarse a pedidos.`);
      }
      case "courier-update": {
        const c = await updateCourier(deps, id, fields);
        return done(intent, "Repartidor Actualizado", `${c.name} guardado.`);
      }
      default:
        await deleteCourier(deps, id);
        return done(intent, "Repartidor Eliminado", "Sus pedidos quedaron como 'No asignado'.");
    }
  } catch (err) {
    const issues = (err as { issues?: { message: string }[] }).issues;
    if (issues) {
      const message = issues[0]?.message ?? "Datos inválidos.";
      if (message === REQUIRED_MESSAGE) return fail(intent, REQUIRED_MESSAGE, 400, REQUIRED_TITLE);
      return fail(intent, message, 400);
    }
    if (err instanceof NotFoundError) return fail(intent, err.message, 404);
    const code =
      (err as { cause?: { code?: string }; code?: string }).cause?.code ?? (err as { code?: string }).code;
    if (code === "22P02" || code === "23503") return fail(intent, "Datos inválidos.", 400);
    context.services.logger.error({ err, intent }, "orders action failed");
    return fail(intent, FAILURES[intent]!, 500);
  }
}

export default function OrdersRoute() {
  return <OrdersAdmin {...useLoaderData<typeof loader>()} />;
}
