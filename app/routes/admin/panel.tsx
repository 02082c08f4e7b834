import { data, redirect, useLoaderData } from "react-router";
import { requirePermission, requireStaff } from "~/.server/auth/guards";
import { listCategories, listProducts } from "~/.server/catalog/products";
import { listContentChanges } from "~/.server/content/site-admin";
import { dispatchIntent, readForm } from "~/.server/http/intents";
import { AdminPanel } from "~/components/admin/admin-panel";
import { ProductsTab } from "~/components/admin/products/products-tab";
import { TextsTab } from "~/components/admin/texts/texts-tab";
import { pageTitle } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { errorToast } from "~/lib/toast";
import type { Route } from "./+types/panel";
import { productIntents } from "./panel/products";
import { textIntents } from "./panel/texts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Panel de Administración") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(request, context);
  // docs/product.md §3.2: an operador goes to the chat inbox; only admin sees the panel.
  if (!can(user, "panel:view")) throw redirect("/admin/chat");
  const { db, logger, siteContent } = context.services;
  try {
    const [products, categories, changes, { text }] = await Promise.all([
      listProducts(db),
      listCategories(db),
      listContentChanges(db, 20),
      siteContent.get(),
    ]);
    return { email: user.email, role: user.role, products, categories, text, changes };
  } catch (err) {
    logger.error({ err }, "admin panel: products fetch failed");
    throw data({ message: "Products fetch error: la base de datos no respondió." }, { status: 503 });
  }
}

/**
 * The store content tabs' changes; every intent is admin only (docs/product.md §1). Each tab's
 * intents live in ./panel/ (one file per tab) and share this one action.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Nobody signed out gets their body read (the permission needs the intent, inside the form).
  requireStaff(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const user = await requirePermission(
    request,
    context,
    intent.startsWith("product-") ? "products:manage" : "content:manage",
  );
  const { db, bus, storage, logger } = context.services;
  return dispatchIntent(
    form,
    { ...productIntents({ db, storage, logger }), ...textIntents({ db, bus }, user) },
    { logger, unknownIntent: errorToast("Acción desconocida.") },
  );
}

export default function AdminPanelRoute() {
  const { email, role, products, categories, text, changes } = useLoaderData<typeof loader>();
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
        { value: "text", label: "Textos", content: <TextsTab text={text} changes={changes} /> },
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

/** What the panel's tabs receive, typed from this route. */
export type PanelData = Route.ComponentProps["loaderData"];
export type ContentChangeView = PanelData["changes"][number];
