import { ShoppingCart } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { DEFAULT_SALE_INFO, type ProductView, productFontStack } from "~/lib/catalog";
import { ProductImage } from "./product-image";

// Grid: 1 column on phones, 2 from 640px, 3 from 1024px, 4 from 1280px (max-w-7xl content).
const CARD_SIZES = "(min-width: 1280px) 296px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw";

export type ProductCardProps = {
  product: ProductView;
  eager?: boolean;
  priority?: boolean;
  onBuy: (product: ProductView) => void;
};

/** docs/product.md §2.3 product card: photo, name, 2-line description, sale badge, sold-out overlay. */
export function ProductCard({ product, eager, priority, onBuy }: ProductCardProps) {
  const soldOut = product.stockQuantity <= 0;
  const font = { fontFamily: productFontStack(product.fontFamily) };
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-2xl border bg-card shadow-sm transition-shadow hover:shadow-md"
      style={font}
    >
      <div className="relative aspect-square overflow-hidden bg-muted">
        <ProductImage
          url={product.imageUrl}
          alt={product.name}
          eager={eager}
          priority={priority}
          sizes={CARD_SIZES}
          className={cn(soldOut && "opacity-60 grayscale")}
        />
        {product.isOnSale && !soldOut && (
          <Badge variant="accent" className="absolute top-3 left-3 px-3 py-1 text-sm shadow-sm">
            {product.saleInfo || DEFAULT_SALE_INFO}
          </Badge>
        )}
        {soldOut && (
          <div className="absolute inset-0 flex items-center justify-center bg-foreground/35">
            <span className="rounded-full bg-card px-5 py-2 text-base font-bold text-foreground shadow">
              Agotado
            </span>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg leading-snug font-semibold [font-family:inherit]">{product.name}</h2>
        {product.description && (
          <p className="line-clamp-2 text-sm text-muted-foreground">{product.description}</p>
        )}
        <Button className="mt-auto w-full" disabled={soldOut} onClick={() => onBuy(product)}>
          <ShoppingCart aria-hidden="true" />
          Añadir al Carrito
        </Button>
      </div>
    </article>
  );
}
