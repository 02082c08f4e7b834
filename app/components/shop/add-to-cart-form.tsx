import type * as React from "react";
import { useLocation } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";
import type { ProductView } from "~/lib/catalog";
import { addProductToCart } from "./cart-store";

export type AddToCartFormProps = {
  product: ProductView;
  /** Where the post without scripts comes back to; the page's own address by default. */
  returnTo?: string;
  className?: string;
  button?: Omit<ButtonProps, "type" | "disabled" | "children" | "asChild">;
  children: React.ReactNode;
};

/**
 * 'Añadir al Carrito' as a form: without scripts it posts to /carrito, which adds the product to
 * the cart cookie and comes back here with a confirmation (app/routes/carrito/route.tsx); with
 * scripts it adds to the browser's cart and shows a toast (the same cart, app/lib/cart-lines.ts).
 * A tap before the page hydrates waits for the scripts (`data-early-tap`, app/lib/early-taps.ts).
 */
export function AddToCartForm({ product, returnTo, className, button, children }: AddToCartFormProps) {
  const location = useLocation();
  return (
    <form
      method="post"
      action="/carrito"
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        addProductToCart(product);
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="id" value={product.id} />
      <input type="hidden" name="returnTo" value={returnTo ?? `${location.pathname}${location.search}`} />
      <Button {...button} type="submit" data-early-tap="" disabled={product.stockQuantity <= 0}>
        {children}
      </Button>
    </form>
  );
}
