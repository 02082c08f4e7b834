import { actorOf } from "~/.server/audit/audit";
import { listCategoryUsage } from "~/.server/catalog/category-changes";
import { listProducts } from "~/.server/catalog/products";
import { requirePermission, requireStaff } from "~/.server/http/guards";
import { dispatchIntent, readForm } from "~/.server/http/intents";
import { loaderFailure } from "~/.server/http/outage";
import { ContentScreenPage } from "~/components/staff/content-tabs";
import { pageTitle } from "~/lib/meta";
import { errorToast } from "~/lib/toast";
import type { Route } from "./+types/route";
import { productIntents } from "./intents";
import { ProductsTab } from "./products-tab";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Productos") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "products:manage");
  const { db, logger } = context.services;
  try {
    const [products, categories] = await Promise.all([
      listProducts(db),
      // With how many products use each: only unused ones can be removed ('Categorías').
      listCategoryUsage(db),
    ]);
    return { products, categories };
  } catch (err) {
    throw loaderFailure(err, { logger, what: "Products fetch error" });
  }
}

/** The 'Productos' screen's changes; each intent's permission is checked before its form is read. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(request, context);
  const form = await readForm(request);
  const { db, bus, storage, logger } = context.services;
  return dispatchIntent(
    form,
    productIntents({ db, bus, storage, logger, actor: actorOf(user, context.clientIp) }),
    {
      logger,
      unknownIntent: errorToast("Acción desconocida."),
      user,
      forbidden: errorToast("No tienes permiso para esta acción."),
    },
  );
}

/** 'Productos' (docs/product.md §3.2), the first of the panel's content tabs, at its own address. */
export default function ProductsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ContentScreenPage current="/admin/productos">
      <ProductsTab products={loaderData.products} categories={loaderData.categories} />
    </ContentScreenPage>
  );
}
