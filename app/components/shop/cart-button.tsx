import { ShoppingCart } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { cartCount } from "~/lib/cart";
import { tapsWaitFor } from "~/lib/early-taps";
import { whenVisitorActs } from "~/lib/idle";
import { useLoaded } from "~/lib/use-loaded";
import { cart, useCart, useCartOpen } from "./cart-store";

// A tap replayed after hydration waits for the sheet before the next one (app/lib/early-taps.ts).
const loadSheet = () => tapsWaitFor(import("./cart-sheet"));

/**
 * The header's cart button with the live item count. The sheet's code loads at the visitor's
 * first touch, key or mouse movement (or when the button is reached).
 */
export function CartButton({ className }: { className?: string }) {
  const items = useCart();
  const open = useCartOpen();
  const count = cartCount(items);
  const [rendered, setRendered] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => whenVisitorActs(() => void loadSheet()), []);
  useEffect(() => {
    if (open) setRendered(true);
  }, [open]);
  const CartSheet = useLoaded(loadSheet, rendered)?.default;
  const label =
    count === 0 ? "Carrito vacío" : count === 1 ? "Carrito: 1 producto" : `Carrito: ${count} productos`;
  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        className={cn("relative", className)}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          void loadSheet();
          cart.open();
        }}
      >
        <ShoppingCart aria-hidden="true" className="size-6" />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="cart-count"
            className="absolute top-0.5 right-0.5 flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs leading-5 font-bold text-primary-foreground"
          >
            {count > 99 ? "99+" : count}
          </span>
        )}
      </Button>
      {CartSheet ? (
        <CartSheet open={open} onOpenChange={(o) => cart.open(o)} returnFocusTo={triggerRef} />
      ) : null}
    </>
  );
}
