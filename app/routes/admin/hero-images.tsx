import { requirePermission } from "~/.server/auth/guards";
import { StaffPage } from "~/components/admin/staff-page";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/hero-images";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Gestión del Carrusel Principal") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "content:manage");
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
