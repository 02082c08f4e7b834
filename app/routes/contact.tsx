import { PageHeader } from "~/components/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contáctenos",
    description: "Escríbenos, llámanos o visítanos en Miami.",
    path: "/contact",
  });

export default function ContactPage() {
  return <PageHeader title="Contáctenos" subtitle="Escríbenos, llámanos o visítanos." />;
}
