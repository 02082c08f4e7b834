import { ShoppingCart } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { cartCount } from "~/lib/cart";
import { EMPTY_SERVER_CART, type ServerCart } from "~/lib/cart-lines";
import { tapsWaitFor } from "~/lib/early-taps";
import { whenVisitorActs } from "~/lib/idle";
import { notify } from "~/lib/toast";
import { useLoaded } from "~/lib/use-loaded";
import { adoptServerCart, cart, useCart, useCartAdopted, useCartOpen } from "./cart-store";

// A tap replayed after hydration waits for the sheet before the next one (app/lib/early-taps.ts).
const loadSheet = () => tapsWaitFor(import("./cart-sheet"));

/**
 * The header's cart button with the live item count. The sheet's code loads at the visitor's
 * first touch, key or mouse movement (or when the button is reached).
 *
 * Without scripts it is the submit button of a form that opens /carrito, and the count is the
 * server's (the cart cookie, app/lib/cart-lines.ts); once scripts run it opens the sheet and counts
 * the browser's cart, which first takes in what the cookie got meanwhile (adoptServerCart). A tap
 * before the page hydrates waits for the sheet (`data-early-tap`, app/lib/early-taps.ts).
 */
export function CartButton({ className }: { className?: string }) {
  const items = useCart();
  const open = useCartOpen();
  const server = useRouteLoaderData<{ cart?: ServerCart }>("root")?.cart ?? EMPTY_SERVER_CART;
  const adopted = useCartAdopted();
  useEffect(() => {
    let live = true;
    void adoptServerCart(server).then((changed) => {
      if (live && changed && server.notes.length > 0)
        notify({ title: "Actualizamos tu carrito", description: server.notes.join(" ") });
    });
    return () => {
      live = false;
    };
  }, [server]);
  // Until the browser's cart has taken in the cookie's, the count the page was rendered with.
  const count = adopted ? cartCount(items) : cartCount(server.items);
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
      <form method="get" action="/carrito" className={cn("flex", className)}>
        <Button
          ref={triggerRef}
          type="submit"
          data-early-tap=""
          variant="ghost"
          size="icon"
          aria-label={label}
          aria-haspopup={adopted ? "dialog" : undefined}
          aria-expanded={adopted ? open : undefined}
          className="relative"
          onPointerEnter={() => void loadSheet()}
          onFocus={() => void loadSheet()}
          onClick={(e) => {
            e.preventDefault();
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
      </form>
      {CartSheet ? (
        <CartSheet open={open} onOpenChange={(o) => cart.open(o)} returnFocusTo={triggerRef} />
      ) : null}
    </>
  );
}
