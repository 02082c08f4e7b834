import { PackageSearch } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import type { ProductView } from "~/lib/catalog";
import { ProductCard } from "./product-card";
import { ShippingDialog } from "./shipping-dialog";

export type ProductGridProps = {
  products: ProductView[];
  whatsappLink: string;
  /** Link to the next page of results, when there are more. */
  moreHref?: string;
};

// Cards in the first row(s) are above the fold on most screens: load those at once.
const EAGER_COUNT = 4;

/** The product grid (1/2/3/4 columns), its empty state and the one shipping dialog. */
export function ProductGrid({ products, whatsappLink, moreHref }: ProductGridProps) {
  const [buying, setBuying] = useState<ProductView | null>(null);
  if (products.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-16 text-center">
        <PackageSearch aria-hidden="true" className="size-12 text-muted-foreground" />
        <h2 className="mt-4 text-xl font-semibold">No se encontraron productos</h2>
        <p className="mt-2 text-muted-foreground">Intenta ajustar tu búsqueda o filtros.</p>
      </div>
    );
  }
  return (
    <>
      <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {products.map((p, i) => (
          <li key={p.id}>
            <ProductCard product={p} eager={i < EAGER_COUNT} priority={i === 0} onBuy={setBuying} />
          </li>
        ))}
      </ul>
      {moreHref && (
        <div className="mt-8 flex justify-center">
          <Link to={moreHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Ver más productos
          </Link>
        </div>
      )}
      <ShippingDialog product={buying} whatsappLink={whatsappLink} onClose={() => setBuying(null)} />
    </>
  );
}
