import { cn } from "~/components/ui/cn";
import { ASK_PRICE, formatPrice, type Priced, struckPriceCents, unitPriceCents } from "~/lib/prices";

/** The price line: sale price with the regular one struck through, the price, or 'Consultar precio'. */
export function ProductPrice({ product, className }: { product: Priced; className?: string }) {
  const price = unitPriceCents(product);
  const struck = struckPriceCents(product);
  if (price == null) {
    return <p className={cn("text-sm font-medium text-muted-foreground", className)}>{ASK_PRICE}</p>;
  }
  return (
    <p className={cn("flex flex-wrap items-baseline gap-x-2 font-semibold", className)}>
      <span className={cn("text-lg", struck != null && "text-primary")}>
        {struck != null && <span className="sr-only">Precio de oferta: </span>}
        {formatPrice(price)}
      </span>
      {struck != null && (
        <s className="text-sm font-normal text-muted-foreground">
          <span className="sr-only">Precio normal: </span>
          {formatPrice(struck)}
        </s>
      )}
    </p>
  );
}
