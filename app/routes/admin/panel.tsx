import { redirect, useLoaderData } from "react-router";
import { AdminPanel } from "~/components/admin/admin-panel";
import { pageTitle } from "~/lib/meta";
import { ADMIN_ONLY, requireStaff } from "~/server/auth/guards";
import type { Route } from "./+types/panel";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Panel de Administración") },
  { name: "robots", content: "noindex" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(request, context);
  // SPEC §2.12: operador goes to the chat inbox; only admin sees the panel.
  if (user.role === "operador") throw redirect("/admin/chat");
  if (!ADMIN_ONLY.includes(user.role)) throw redirect("/admin-login");
  return { email: user.email, role: user.role };
}

export default function AdminPanelRoute() {
  const { email, role } = useLoaderData<typeof loader>();
  return (
    <AdminPanel
      email={email}
      role={role}
      tabs={[
        {
          value: "products",
          label: "Productos",
          content: <TabIntro text="Aquí gestionarás los productos de la tienda." />,
        },
        { value: "text", label: "Textos", content: <TabIntro text="Aquí editarás los textos del sitio." /> },
        {
          value: "appearance",
          label: "Apariencia",
          content: <TabIntro text="Aquí cambiarás el logo, los colores y la fuente." />,
        },
        {
          value: "customer-carousel",
          label: "Carrusel Clientes",
          content: <TabIntro text="Aquí subirás las fotos de clientes satisfechos." />,
        },
      ]}
    />
  );
}

function TabIntro({ text }: { text: string }) {
  return <p className="py-6 text-sm text-muted-foreground">{text}</p>;
}
