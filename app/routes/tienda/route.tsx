import { useLoaderData, useRouteLoaderData } from "react-router";
import { listCategories, searchProducts } from "~/.server/catalog/products";
import { loaderFailure } from "~/.server/http/outage";
import { PageHeader } from "~/components/page-header";
import { JsonLd, productJsonLd } from "~/components/shop/product-jsonld";
import { readShopFilters, SHOP_PAGE_SIZE, shopHref } from "~/lib/catalog";
import { pageMeta } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/route";
import { useCardFonts } from "./card-fonts";
import { ProductGrid } from "./product-grid";
import { ShopFilters } from "./shop-filters";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = readShopFilters(url.searchParams);
  const { db, bus, logger } = context.services;
  try {
    const categories = await listCategories(db, bus);
    const { products, total } = await searchProducts(db, {
      q: filters.q,
      category: filters.categoria,
      limit: filters.mostrar,
    });
    return { filters, categories, products, total, origin: context.publicOrigin };
  } catch (err) {
    // docs/product.md §2: leads to the 'Error al Cargar Datos' screen.
    throw loaderFailure(err, { logger, what: "Products fetch error" });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const first = loaderData?.products.find((p) => p.imageUrl);
  return pageMeta(matches[0]?.loaderData, {
    title: "Nuestra Tienda",
    description:
      "Productos latinos, comida típica y artesanías en nuestro mini market de Miami, con envío a Nicaragua y Costa Rica.",
    path: "/tienda",
    image: first?.imageUrl && loaderData ? new URL(first.imageUrl, loaderData.origin).toString() : undefined,
  });
};

/** docs/product.md §2.3: the shop. Filters live in the URL, so a filtered view can be shared. */
export default function TiendaPage() {
  const { filters, categories, products, total, origin } = useLoaderData<typeof loader>();
  useCardFonts(products);
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const siteName = root?.settings.siteName ?? "Mini Market Latino";
  const moreHref =
    products.length < total ? shopHref({ ...filters, mostrar: filters.mostrar + SHOP_PAGE_SIZE }) : undefined;
  return (
    <>
      <PageHeader title="Nuestra Tienda" subtitle="Productos latinos, artesanías y más." />
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 md:py-10">
        <ShopFilters q={filters.q} categoria={filters.categoria} categories={categories} />
        <p className="mt-6 mb-4 text-sm text-muted-foreground" aria-live="polite">
          {total === 1 ? "1 producto" : `${total} productos`}
        </p>
        <ProductGrid products={products} moreHref={moreHref} />
      </div>
      {products.length > 0 && <JsonLd data={productJsonLd(products, origin, siteName, categories)} />}
    </>
  );
}
