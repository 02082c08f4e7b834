import { PageHeader } from "~/components/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/tienda-externa";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Tiendas Externas",
    description: "Cotiza productos de tiendas de Estados Unidos y recíbelos en Centroamérica.",
    path: "/tienda-externa",
  });

export default function TiendaExternaPage() {
  return (
    <PageHeader
      title="Tiendas Externas"
      subtitle="Cotiza productos de tiendas de Estados Unidos y te los enviamos."
    />
  );
}
