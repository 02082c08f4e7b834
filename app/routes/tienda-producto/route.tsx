import { ArrowLeft, EyeOff } from "lucide-react";
import { data, Link, redirect, useLoaderData } from "react-router";
import { findProductBySlug, listCategories } from "~/.server/catalog/products";
import { loaderFailure } from "~/.server/http/outage";
import { JsonLd, productLd } from "~/components/shop/product-jsonld";
import { productHref } from "~/lib/catalog";
import { pageMeta } from "~/lib/meta";
import { ASK_PRICE, formatPrice, unitPriceCents } from "~/lib/prices";
import { useSite } from "~/lib/use-site";
import type { Route } from "./+types/route";
import { ProductDetail } from "./product-detail";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, bus, logger } = context.services;
  // A hidden product's page is for staff only ('Oculto', issue 38).
  const staff = !!context.auth?.user;
  let found: Awaited<ReturnType<typeof findProductBySlug>>;
  let categories: Awaited<ReturnType<typeof listCategories>>;
  try {
    [found, categories] = await Promise.all([
      findProductBySlug(db, params.slug, { withHidden: staff }),
      listCategories(db, bus),
    ]);
  } catch (err) {
    throw loaderFailure(err, { logger, what: "Products fetch error" });
  }
  // A hidden product is not there for visitors: 'Página no encontrada', not the landing page, so
  // a shared link says it is gone and search engines drop it.
  if (found === "hidden") throw data({ message: "Este producto no está disponible." }, { status: 404 });
  // Unknown paths go to the landing page (docs/product.md §2); a renamed product to its new slug.
  if (!found) throw redirect("/");
  if (!found.canonical) throw redirect(productHref(found.product), 301);
  const { visible, stockBeforeSoldOut: _kept, ...product } = found.product;
  return { product, hidden: !visible, categories, origin: context.publicOrigin };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { product, origin, hidden } = loaderData;
  const price = unitPriceCents(product);
  const priceText = price == null ? ASK_PRICE : formatPrice(price);
  const summary = product.description?.replace(/\s+/g, " ").trim().slice(0, 150);
  return pageMeta(matches[0]?.loaderData, {
    title: product.name,
    description: `${priceText}${product.stockQuantity > 0 ? "" : " · Agotado"}${summary ? ` · ${summary}` : ""}`,
    path: productHref(product),
    image: product.imageUrl ? new URL(product.imageUrl, origin).toString() : undefined,
    type: "product",
  }).concat(hidden ? [{ name: "robots", content: "noindex" }] : []);
};

/** A product's own page (/tienda/{slug}), server-rendered so a shared link shows its preview. */
export default function ProductPage() {
  const { product, hidden, categories, origin } = useLoaderData<typeof loader>();
  const { siteName } = useSite();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 md:py-10">
      <Link
        to="/tienda"
        className="mb-4 inline-flex min-h-11 items-center gap-2 rounded-lg text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Volver a la tienda
      </Link>
      {hidden ? (
        <p
          role="note"
          className="mb-4 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Este producto está <strong>oculto</strong>: solo el personal lo ve. Los visitantes no lo
            encuentran en la tienda y esta página les responde «Página no encontrada». Puedes mostrarlo desde{" "}
            <Link to="/admin/productos" className="font-medium underline">
              Productos
            </Link>
            .
          </span>
        </p>
      ) : null}
      <ProductDetail product={product} url={`${origin}${productHref(product)}`} />
      {hidden ? null : (
        <JsonLd
          data={{ "@context": "https://schema.org", ...productLd(product, origin, siteName, categories) }}
        />
      )}
    </div>
  );
}
