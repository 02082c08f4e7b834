import { StaffPage } from "~/components/admin/staff-page";
import { pageTitle } from "~/lib/meta";
import { requireRole, STAFF } from "~/server/auth/guards";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Gestión de Pedidos") },
  { name: "robots", content: "noindex" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, STAFF);
  return null;
}

export default function OrdersRoute() {
  return (
    <StaffPage
      title="Gestión de Pedidos"
      description="Crea pedidos, asigna repartidores y actualiza su estado."
    />
  );
}
