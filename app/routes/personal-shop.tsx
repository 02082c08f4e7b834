import { PageHeader } from "~/components/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/personal-shop";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Personal Shop",
    description: "Compramos por ti en más de 1000 tiendas de Estados Unidos y te lo enviamos.",
    path: "/personal-shop",
  });

export default function PersonalShopPage() {
  return (
    <PageHeader
      title="Personal Shop"
      subtitle="Compramos por ti en tus tiendas favoritas de Estados Unidos."
    />
  );
}
