import { PageHeader } from "~/components/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/nosotros";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Nosotros",
    description: "Conoce nuestra misión, visión y valores: Confiabilidad, Excelencia, Compromiso.",
    path: "/nosotros",
  });

export default function NosotrosPage() {
  return <PageHeader title="Nosotros" subtitle="Nuestra misión, visión y valores." />;
}
