import { Link, useLocation } from "react-router";
import { AddToCartForm } from "~/components/shop/add-to-cart-form";
import { ProductImage } from "~/components/shop/product-image";
import { ProductPrice } from "~/components/shop/product-price";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { SpriteIcon } from "~/components/ui/icon-sprite";
import { DEFAULT_SALE_INFO, type ProductView, productFontStack, productHref } from "~/lib/catalog";

/** The cart icon's symbol, put in the page once by the grid (ProductGrid). */
export const CART_ICON = "icon-cart";

// Grid: 2 columns from 360px, 3 from 1024px, 4 from 1280px (max-w-7xl content).
const CARD_SIZES = "(min-width: 1280px) 296px, (min-width: 1024px) 31vw, (min-width: 360px) 46vw, 92vw";

export type ProductCardProps = {
  product: ProductView;
  eager?: boolean;
  priority?: boolean;
};

/** The card's anchor: a post made without scripts comes back to the card it was made from. */
export const cardAnchor = (p: Pick<ProductView, "id">) => `producto-${p.id.slice(0, 8)}`;

/**
 * docs/product.md §2.3 product card: photo, name (in the product's font, linking to its page),
 * price, 2-line description, sale badge, 'Agotado' pill.
 */
export function ProductCard({ product, eager, priority }: ProductCardProps) {
  const soldOut = product.stockQuantity <= 0;
  const location = useLocation();
  return (
    <article
      id={cardAnchor(product)}
      className="relative flex h-full scroll-mt-32 flex-col overflow-hidden rounded-2xl border bg-card shadow-sm transition-shadow hover:shadow-md"
    >
      {/* Sold out dims the photo only: 'Imagen no disponible' keeps its contrast. */}
      <div
        className={cn(
          "relative aspect-square overflow-hidden bg-muted",
          soldOut && "[&>img]:opacity-60 [&>img]:grayscale",
        )}
      >
        <ProductImage
          url={product.imageUrl}
          alt={product.name}
          eager={eager}
          priority={priority}
          sizes={CARD_SIZES}
        />
        {product.isOnSale && !soldOut && (
          <Badge variant="accent" className="absolute top-2 left-2 px-2.5 py-1 text-sm shadow-sm">
            {product.saleInfo || DEFAULT_SALE_INFO}
          </Badge>
        )}
        {soldOut && (
          <span className="absolute top-2 right-2 rounded-full bg-foreground px-3 py-1 text-sm font-bold text-background shadow">
            Agotado
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <h2 className="text-base leading-snug font-semibold sm:text-lg">
          <Link
            to={productHref(product)}
            className="rounded-sm after:absolute after:inset-0 after:content-[''] hover:underline"
            style={{ fontFamily: productFontStack(product.fontFamily) }}
          >
            {product.name}
          </Link>
        </h2>
        <ProductPrice product={product} />
        {product.description && (
          <p className="line-clamp-2 text-sm text-muted-foreground">{product.description}</p>
        )}
        <AddToCartForm
          product={product}
          returnTo={`${location.pathname}${location.search}#${cardAnchor(product)}`}
          className="relative z-10 mt-auto"
          button={{ className: "w-full px-2" }}
        >
          <SpriteIcon id={CART_ICON} />
          Añadir al Carrito
        </AddToCartForm>
      </div>
    </article>
  );
}
