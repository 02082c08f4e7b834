import { PageHeader } from "~/components/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/tienda";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Nuestra Tienda",
    description: "Productos latinos frescos y artesanías, con envío a Nicaragua y Costa Rica.",
    path: "/tienda",
  });

export default function TiendaPage() {
  return <PageHeader title="Nuestra Tienda" subtitle="Productos latinos, artesanías y más." />;
}
