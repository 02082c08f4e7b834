import { StaffPage } from "~/components/admin/staff-page";
import { pageTitle } from "~/lib/meta";
import { ADMIN_ONLY, requireRole } from "~/server/auth/guards";
import type { Route } from "./+types/hero-images";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Gestión del Carrusel Principal") },
  { name: "robots", content: "noindex" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, ADMIN_ONLY);
  return null;
}

export default function HeroImagesRoute() {
  return (
    <StaffPage
      title="Gestión del Carrusel Principal"
      description="Imagen principal, galería y ajustes del carrusel."
    />
  );
}
