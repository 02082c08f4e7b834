import type { ProductView } from "~/lib/catalog";

/** schema.org Product data for the products on the page, with their availability. */
export function productJsonLd(products: ProductView[], origin: string, siteName: string) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: products.map((p, i) => ({
      "@type": "ListItem",
      position: i + 1,
      item: {
        "@type": "Product",
        name: p.name,
        ...(p.description ? { description: p.description } : {}),
        ...(p.imageUrl ? { image: new URL(p.imageUrl, origin).toString() } : {}),
        ...(p.category ? { category: p.category } : {}),
        brand: { "@type": "Brand", name: siteName },
        offers: {
          "@type": "Offer",
          availability: p.stockQuantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          url: `${origin}/tienda`,
        },
      },
    })),
  };
}

/** Renders JSON-LD safely: '<' is escaped so no text can close the script element. */
export function JsonLd({ data }: { data: unknown }) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with '<' escaped, not HTML.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
