import { PageHeader } from "~/components/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/seguimiento";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Seguimiento de Pedido",
    description: "Consulta el estado de tu pedido con tu número de tracking.",
    path: "/seguimiento",
  });

export default function SeguimientoPage() {
  return (
    <PageHeader
      title="Seguimiento de Pedido"
      subtitle="Consulta el estado de tu pedido con tu número de tracking."
    />
  );
}
