import { useRouteLoaderData } from "react-router";
import { PageHeader } from "~/components/page-header";
import { pageMeta } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Inicio",
    description:
      "Tu mini market latino en Miami: productos frescos, compras en tiendas de EE. UU. y envíos a Centroamérica.",
    path: "/",
  });

export default function HomePage() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <PageHeader
      title={root?.text.heroTitle ?? "Inicio"}
      subtitle={root?.text.heroSubtitle}
      action={{ label: "Ir a la Tienda", to: "/tienda" }}
    />
  );
}
