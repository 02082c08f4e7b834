import { Link2, MessageCircle, ShoppingCart } from "lucide-react";
import { AddToCartForm } from "~/components/shop/add-to-cart-form";
import { ProductImage } from "~/components/shop/product-image";
import { ProductPrice } from "~/components/shop/product-price";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DEFAULT_SALE_INFO, type ProductView, productFontStack } from "~/lib/catalog";
import { copyText } from "~/lib/clipboard";
import { notify, notifyError } from "~/lib/toast";

/** The product page's body: large image, name, price, availability, description, cart and share. */
export function ProductDetail({ product, url }: { product: ProductView; url: string }) {
  const soldOut = product.stockQuantity <= 0;
  const share = `${product.name} ${url}`;
  const copy = async () => {
    if (await copyText(url)) notify({ title: "Enlace copiado", description: url });
    else notifyError("No se pudo copiar el enlace.");
  };
  return (
    <article className="grid gap-6 md:grid-cols-2 md:gap-10">
      <div
        className={
          soldOut
            ? "relative aspect-square overflow-hidden rounded-2xl border bg-muted [&>img]:opacity-60 [&>img]:grayscale"
            : "relative aspect-square overflow-hidden rounded-2xl border bg-muted"
        }
      >
        <ProductImage
          url={product.imageUrl}
          alt={product.name}
          eager
          priority
          sizes="(min-width: 1152px) 540px, (min-width: 768px) 46vw, 92vw"
        />
        {product.isOnSale && !soldOut && (
          <Badge variant="accent" className="absolute top-3 left-3 px-3 py-1 text-sm shadow-sm">
            {product.saleInfo || DEFAULT_SALE_INFO}
          </Badge>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <h1
          className="text-3xl leading-tight font-bold break-words sm:text-4xl"
          style={{ fontFamily: productFontStack(product.fontFamily) }}
        >
          {product.name}
        </h1>
        <ProductPrice product={product} className="text-xl [&>span:first-child]:text-2xl" />
        <p className={soldOut ? "font-semibold text-destructive" : "font-semibold text-primary"}>
          {soldOut ? "Agotado" : "Disponible"}
        </p>
        {product.description && (
          <p className="whitespace-pre-line break-words text-muted-foreground">{product.description}</p>
        )}
        <AddToCartForm product={product} className="grid" button={{ size: "lg" }}>
          <ShoppingCart aria-hidden="true" />
          Añadir al Carrito
        </AddToCartForm>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={copy}>
            <Link2 aria-hidden="true" />
            Copiar enlace
          </Button>
          <Button asChild variant="outline">
            <a
              href={`https://wa.me/?text=${encodeURIComponent(share)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <MessageCircle aria-hidden="true" />
              Compartir por WhatsApp
              <span className="sr-only">(se abre en una pestaña nueva)</span>
            </a>
          </Button>
        </div>
      </div>
    </article>
  );
}
