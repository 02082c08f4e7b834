import { type Category, type ProductView, productHref } from "~/lib/catalog";
import { unitPriceCents } from "~/lib/prices";

/**
 * schema.org Product for one product: availability, its category by the owner's name for it
 * (`categories`, her table), and an Offer with its price when priced. Only visible products
 * reach these pages' data (app/.server/catalog/products.ts).
 */
export function productLd(p: ProductView, origin: string, siteName: string, categories: readonly Category[]) {
  const url = `${origin}${productHref(p)}`;
  const price = unitPriceCents(p);
  const category = categories.find((c) => c.value === p.category)?.label;
  return {
    "@type": "Product",
    name: p.name,
    url,
    ...(p.description ? { description: p.description } : {}),
    ...(p.imageUrl ? { image: new URL(p.imageUrl, origin).toString() } : {}),
    ...(category ? { category } : {}),
    brand: { "@type": "Brand", name: siteName },
    offers: {
      "@type": "Offer",
      availability: p.stockQuantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      url,
      ...(price != null ? { price: (price / 100).toFixed(2), priceCurrency: "USD" } : {}),
    },
  };
}

/** schema.org data for the products on the shop page. */
export function productJsonLd(
  products: ProductView[],
  origin: string,
  siteName: string,
  categories: readonly Category[],
) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: products.map((p, i) => ({
      "@type": "ListItem",
      position: i + 1,
      item: productLd(p, origin, siteName, categories),
    })),
  };
}

/** Renders JSON-LD safely: '<' is escaped so no text can close the script element. */
export function JsonLd({ data }: { data: unknown }) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with '<' escaped, not HTML.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
