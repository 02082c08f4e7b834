import { data, redirect, useLoaderData } from "react-router";
import { AdminPanel } from "~/components/admin/admin-panel";
import { ProductsTab } from "~/components/admin/products/products-tab";
import { pageTitle } from "~/lib/meta";
import { ADMIN_ONLY, readForm, requireRole, requireStaff } from "~/server/auth/guards";
import { isProductIntent, productAction } from "~/server/catalog/actions";
import { listCategories, listProducts } from "~/server/catalog/products";
import type { Route } from "./+types/panel";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Panel de Administración") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(request, context);
  // SPEC §2.12: operador goes to the chat inbox; only admin sees the panel.
  if (user.role === "operador") throw redirect("/admin/chat");
  if (!ADMIN_ONLY.includes(user.role)) throw redirect("/admin-login");
  const { db, logger } = context.services;
  try {
    const products = await listProducts(db);
    const categories = await listCategories(db);
    return { email: user.email, role: user.role, products, categories };
  } catch (err) {
    logger.error({ err }, "admin panel: products fetch failed");
    throw data({ message: "Products fetch error: la base de datos no respondió." }, { status: 503 });
  }
}

/** The store content tabs' changes; every intent is admin only (SPEC §6). */
export async function action({ request, context }: Route.ActionArgs) {
  requireRole(request, context, ADMIN_ONLY);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (isProductIntent(intent)) {
    const { status, body } = await productAction(intent, form, context.services);
    return data(body, { status });
  }
  return data({ message: "Acción desconocida." }, { status: 400 });
}

export default function AdminPanelRoute() {
  const { email, role, products, categories } = useLoaderData<typeof loader>();
  return (
    <AdminPanel
      email={email}
      role={role}
      tabs={[
        {
          value: "products",
          label: "Productos",
          content: <ProductsTab products={products} categories={categories} />,
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
