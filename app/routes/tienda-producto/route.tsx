import { ArrowLeft } from "lucide-react";
import { Link, redirect, useLoaderData } from "react-router";
import { findProductBySlug } from "~/.server/catalog/products";
import { loaderFailure } from "~/.server/http/outage";
import { JsonLd, productLd } from "~/components/shop/product-jsonld";
import { productHref } from "~/lib/catalog";
import { pageMeta } from "~/lib/meta";
import { ASK_PRICE, formatPrice, unitPriceCents } from "~/lib/prices";
import { useSite } from "~/lib/use-site";
import type { Route } from "./+types/route";
import { ProductDetail } from "./product-detail";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, logger } = context.services;
  let found: Awaited<ReturnType<typeof findProductBySlug>>;
  try {
    found = await findProductBySlug(db, params.slug);
  } catch (err) {
    throw loaderFailure(err, { logger, what: "Products fetch error" });
  }
  // Unknown paths go to the landing page (docs/product.md §2); a renamed product to its new slug.
  if (!found) throw redirect("/");
  if (!found.canonical) throw redirect(productHref(found.product), 301);
  return { product: found.product, origin: context.publicOrigin };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { product, origin } = loaderData;
  const price = unitPriceCents(product);
  const priceText = price == null ? ASK_PRICE : formatPrice(price);
  const summary = product.description?.replace(/\s+/g, " ").trim().slice(0, 150);
  return pageMeta(matches[0]?.loaderData, {
    title: product.name,
    description: `${priceText}${product.stockQuantity > 0 ? "" : " · Agotado"}${summary ? ` · ${summary}` : ""}`,
    path: productHref(product),
    image: product.imageUrl ? new URL(product.imageUrl, origin).toString() : undefined,
    type: "product",
  });
};

/** A product's own page (/tienda/{slug}), server-rendered so a shared link shows its preview. */
export default function ProductPage() {
  const { product, origin } = useLoaderData<typeof loader>();
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
      <ProductDetail product={product} url={`${origin}${productHref(product)}`} />
      <JsonLd data={{ "@context": "https://schema.org", ...productLd(product, origin, siteName) }} />
    </div>
  );
}
