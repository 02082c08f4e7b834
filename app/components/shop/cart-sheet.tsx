import { Minus, Plus, ShoppingCart, Trash2 } from "lucide-react";
import { type RefObject, useEffect, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { focusBackTo } from "~/components/ui/lazy-dialog";
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "~/components/ui/sheet";
import { type CartDetails, type CartItem, MAX_DETAIL, MAX_QUANTITY } from "~/lib/cart";
import { ASK_PRICE, formatPrice } from "~/lib/prices";
import { dismissToasts } from "~/lib/toast";
import { useSite } from "~/lib/use-site";
import { CartPicture, CartTotal, ORDER_HELP, WhatsAppOrderButton } from "./cart-parts";
import { cart, readCartDetails, refreshFromShop, saveCartDetails, useCart } from "./cart-store";

export type CartSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
};

/**
 * The cart: items with quantities, the total of the priced items, the spec's shipping text
 * ('Pide por WhatsApp', docs/product.md §2.3) and one WhatsApp message with the whole order.
 */
export default function CartSheet({ open, onOpenChange, returnFocusTo }: CartSheetProps) {
  const items = useCart();
  const { contact } = useSite();
  // Each time it opens, the cart is checked against the shop: today's prices, nothing sold out.
  const [changes, setChanges] = useState<string[]>([]);
  useEffect(() => {
    if (!open) return;
    let current = true;
    setChanges([]);
    void refreshFromShop().then((c) => {
      if (current && c?.length) setChanges(c);
    });
    return () => {
      current = false;
    };
  }, [open]);
  // Who orders and where it goes: optional, kept in this browser for the next order.
  const [details, setDetails] = useState<CartDetails>({ name: "", destination: "" });
  useEffect(() => {
    if (!open) return;
    setDetails(readCartDetails());
    // 'Añadido al carrito · Ver carrito' has done its job once the cart is open.
    dismissToasts();
  }, [open]);
  const changeDetail = (key: keyof CartDetails, value: string) => {
    const next = { ...details, [key]: value };
    setDetails(next);
    saveCartDetails(next);
  };
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent aria-describedby={undefined} onCloseAutoFocus={focusBackTo(returnFocusTo)}>
        <SheetHeader>
          <SheetTitle>Tu carrito</SheetTitle>
        </SheetHeader>
        <SheetBody className="flex flex-col gap-4 px-4">
          <div role="status">
            {changes.length > 0 && (
              <div className="rounded-xl border border-accent bg-accent/15 px-4 py-3 text-sm">
                <p className="font-semibold">Actualizamos tu carrito:</p>
                <ul className="mt-1 list-disc pl-5">
                  {changes.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              </div>
            )}
          </div>
          {items.length === 0 ? (
            <div className="flex flex-col items-center gap-3 py-10 text-center text-muted-foreground">
              <ShoppingCart aria-hidden="true" className="size-10" />
              <p>Tu carrito está vacío.</p>
              <Button asChild variant="outline" onClick={() => onOpenChange(false)}>
                <Link to="/tienda">Ver la tienda</Link>
              </Button>
            </div>
          ) : (
            <ul className="flex flex-col divide-y" aria-label="Productos en el carrito">
              {items.map((item) => (
                <CartLine key={item.id} item={item} onNavigate={() => onOpenChange(false)} />
              ))}
            </ul>
          )}
          {items.length > 0 && (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-semibold">Para tu pedido</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="grid gap-1">
                  <Label htmlFor="cart-name" className="text-xs">
                    Tu nombre (opcional)
                  </Label>
                  <Input
                    id="cart-name"
                    autoComplete="name"
                    maxLength={MAX_DETAIL}
                    value={details.name}
                    onChange={(e) => changeDetail("name", e.target.value)}
                  />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor="cart-destination" className="text-xs">
                    Envío a (opcional)
                  </Label>
                  <Input
                    id="cart-destination"
                    placeholder="Miami, Managua…"
                    autoComplete="address-level2"
                    maxLength={MAX_DETAIL}
                    value={details.destination}
                    onChange={(e) => changeDetail("destination", e.target.value)}
                  />
                </div>
              </div>
            </fieldset>
          )}
          <section className="rounded-xl bg-muted px-4 py-3 text-sm">
            <h3 className="font-semibold">Pide por WhatsApp</h3>
            <SheetDescription className="mt-1 text-foreground/80">{ORDER_HELP}</SheetDescription>
          </section>
        </SheetBody>
        {items.length > 0 && (
          <SheetFooter>
            <CartTotal items={items} />
            <WhatsAppOrderButton whatsapp={contact.whatsapp} items={items} details={details} />
            <Button variant="ghost" size="sm" onClick={() => cart.clear()}>
              Vaciar carrito
            </Button>
          </SheetFooter>
        )}
      </SheetContent>
    </Sheet>
  );
}

function CartLine({ item, onNavigate }: { item: CartItem; onNavigate: () => void }) {
  const price = item.unitPriceCents;
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex items-start justify-between gap-3">
        <CartPicture url={item.imageUrl} />
        <Link
          to={item.href}
          onClick={onNavigate}
          className="min-w-0 flex-1 font-medium break-words hover:underline"
        >
          {item.name}
        </Link>
        <span className="shrink-0 text-sm font-semibold">
          {price == null ? ASK_PRICE : formatPrice(price * item.quantity)}
        </span>
      </div>
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon"
          aria-label={`Quitar uno de ${item.name}`}
          onClick={() => cart.setQuantity(item.id, item.quantity - 1)}
        >
          <Minus aria-hidden="true" />
        </Button>
        <output className="min-w-8 text-center font-semibold" aria-label={`Cantidad de ${item.name}`}>
          {item.quantity}
        </output>
        <Button
          variant="outline"
          size="icon"
          aria-label={`Añadir uno de ${item.name}`}
          disabled={item.quantity >= MAX_QUANTITY}
          onClick={() => cart.setQuantity(item.id, item.quantity + 1)}
        >
          <Plus aria-hidden="true" />
        </Button>
        {price != null && item.quantity > 1 && (
          <span className="ml-2 text-xs text-muted-foreground">{formatPrice(price)} c/u</span>
        )}
        <Button
          variant="ghost"
          size="icon"
          className="ml-auto"
          aria-label={`Eliminar ${item.name}`}
          onClick={() => cart.remove(item.id)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
