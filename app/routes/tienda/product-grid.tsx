import { PackageSearch, ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { IconSymbol } from "~/components/ui/icon-sprite";
import type { ProductView } from "~/lib/catalog";
import { CART_ICON, ProductCard } from "./product-card";

export type ProductGridProps = {
  products: ProductView[];
  /** Link to the next page of results, when there are more. */
  moreHref?: string;
};

// Cards in the first row(s) are above the fold on most screens: load those at once.
const EAGER_COUNT = 4;

/** The product grid (1 column below 360px, then 2/3/4 columns) and its empty state. */
export function ProductGrid({ products, moreHref }: ProductGridProps) {
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
      <IconSymbol id={CART_ICON} icon={ShoppingCart} />
      <ul className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4">
        {products.map((p, i) => (
          <li key={p.id}>
            <ProductCard product={p} eager={i < EAGER_COUNT} priority={i === 0} />
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
    </>
  );
}
