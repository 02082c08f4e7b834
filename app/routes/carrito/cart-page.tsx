import { ArrowLeft, ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { CartPicture, CartTotal, ORDER_HELP, WhatsAppOrderButton } from "~/components/shop/cart-parts";
import { useCart, useCartAdopted } from "~/components/shop/cart-store";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { type CartItem, MAX_QUANTITY } from "~/lib/cart";
import type { ServerCart } from "~/lib/cart-lines";
import { ASK_PRICE, formatPrice } from "~/lib/prices";
import { useSite } from "~/lib/use-site";

type PageItem = CartItem & { max: number };

/**
 * The cart as a page: each product with its price, quantity ('Actualizar', 'Quitar'), the total
 * and the WhatsApp order. Every control is a form posted to this route's action, so all of it
 * works without scripts. Once scripts run the page lists the browser's cart (the sheet's, kept
 * one with the cookie: app/lib/cart-lines.ts), so a change made in the sheet shows here too.
 */
export function CartPage({ server, error }: { server: ServerCart; error: string | null }) {
  const { contact } = useSite();
  const adopted = useCartAdopted();
  const local = useCart();
  const maxOf = new Map(server.items.map((i) => [i.id, i.max]));
  const items: PageItem[] = adopted
    ? local.map((i) => ({ ...i, max: maxOf.get(i.id) ?? MAX_QUANTITY }))
    : server.items;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-10">
      {error && (
        <p role="alert" className="rounded-xl border border-destructive bg-red-50 px-4 py-3 text-destructive">
          {error}
        </p>
      )}
      {server.notes.length > 0 && (
        <div role="status" className="rounded-xl border border-accent bg-accent/15 px-4 py-3 text-sm">
          <p className="font-semibold">Actualizamos tu carrito:</p>
          <ul className="mt-1 list-disc pl-5">
            {server.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
      )}
      {items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-card px-6 py-12 text-center">
          <ShoppingCart aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="text-lg font-semibold">Tu carrito está vacío.</p>
          <Link to="/tienda" className={buttonVariants({ variant: "outline" })}>
            Ver la tienda
          </Link>
        </div>
      ) : (
        <>
          <ul
            aria-label="Productos en el carrito"
            className="flex flex-col divide-y rounded-2xl border bg-card"
          >
            {items.map((item) => (
              <CartPageLine key={item.id} item={item} />
            ))}
          </ul>
          <section
            aria-label="Tu pedido"
            className="flex flex-col gap-3 rounded-2xl border bg-card p-4 shadow-sm sm:p-6"
          >
            <CartTotal items={items} />
            <WhatsAppOrderButton whatsapp={contact.whatsapp} items={items} />
            <p className="text-sm text-muted-foreground">{ORDER_HELP}</p>
          </section>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Link to="/tienda" className={buttonVariants({ variant: "ghost" })}>
              <ArrowLeft aria-hidden="true" />
              Seguir comprando
            </Link>
            <form method="post">
              <Button type="submit" name="intent" value="clear" variant="ghost">
                Vaciar carrito
              </Button>
            </form>
          </div>
        </>
      )}
    </div>
  );
}

function CartPageLine({ item }: { item: PageItem }) {
  const price = item.unitPriceCents;
  const field = `cantidad-${item.id}`;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <CartPicture url={item.imageUrl} />
        <div className="min-w-0 flex-1">
          <Link to={item.href} className="font-medium break-words hover:underline">
            {item.name}
          </Link>
          <p className="text-sm text-muted-foreground">
            {price == null ? ASK_PRICE : `${formatPrice(price)} c/u`}
          </p>
        </div>
        {price != null && <p className="shrink-0 font-semibold sm:hidden">{lineTotal(item)}</p>}
      </div>
      <form method="post" className="flex items-end gap-2">
        <input type="hidden" name="id" value={item.id} />
        <div className="grid gap-1">
          <Label htmlFor={field} className="text-xs">
            Cantidad<span className="sr-only"> de {item.name}</span>
          </Label>
          <Input
            key={`${item.id}:${item.quantity}`}
            id={field}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={item.max}
            step={1}
            required
            defaultValue={item.quantity}
            className="w-20"
          />
        </div>
        <Button type="submit" name="intent" value="set" variant="outline">
          Actualizar<span className="sr-only"> {item.name}</span>
        </Button>
        <Button type="submit" name="intent" value="remove" variant="ghost" formNoValidate>
          Quitar<span className="sr-only"> {item.name}</span>
        </Button>
      </form>
      <p className="hidden w-24 shrink-0 text-right font-semibold sm:block">{lineTotal(item)}</p>
    </li>
  );
}

/** The line's total; an unpriced line has none (its price line says 'Consultar precio'). */
const lineTotal = (item: CartItem) =>
  item.unitPriceCents == null ? null : formatPrice(item.unitPriceCents * item.quantity);
