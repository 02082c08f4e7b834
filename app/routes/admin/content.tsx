import { requirePermission } from "~/.server/auth/guards";
import { StaffPage } from "~/components/admin/staff-page";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/content";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Gestión de Contenido") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "content:manage");
  return null;
}

export default function ContentRoute() {
  return <StaffPage title="Gestión de Contenido" description="Banner Principal (Hero Section)" />;
}
