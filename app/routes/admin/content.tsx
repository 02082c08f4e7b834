import { StaffPage } from "~/components/admin/staff-page";
import { pageTitle } from "~/lib/meta";
import { ADMIN_ONLY, requireRole } from "~/server/auth/guards";
import type { Route } from "./+types/content";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Gestión de Contenido") },
  { name: "robots", content: "noindex" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, ADMIN_ONLY);
  return null;
}

export default function ContentRoute() {
  return <StaffPage title="Gestión de Contenido" description="Banner Principal (Hero Section)" />;
}
