import { PageHeader } from "~/components/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/servicios";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Servicios",
    description: "Envíos de paquetes y encomiendas familiares, precios por tamaño de caja.",
    path: "/servicios",
  });

export default function ServiciosPage() {
  return (
    <PageHeader title="Servicios" subtitle="Envíos, encomiendas familiares y precios por tamaño de caja." />
  );
}
