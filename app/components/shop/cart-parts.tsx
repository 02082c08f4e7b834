import { ImageOff, MessageCircle } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { type CartDetails, type CartItem, cartMessage, cartTotal } from "~/lib/cart";
import { srcSetFor, variantUrl } from "~/lib/images";
import { waMeHref } from "~/lib/phone-links";
import { formatPrice } from "~/lib/prices";

/**
 * What the cart sheet (with scripts) and the /carrito page (without) show alike: the total, the
 * one WhatsApp order button with the whole cart's message, and each product's small picture.
 */

/** The total of the priced products; nothing priced: no '$0.00', the shop tells the price on WhatsApp. */
export function CartTotal({ items }: { items: CartItem[] }) {
  const { totalCents, unpriced } = cartTotal(items);
  return (
    <>
      <p className="flex items-baseline justify-between text-base font-semibold">
        <span>Total</span>
        <span data-testid="cart-total">
          {unpriced === items.length ? "Precio a confirmar" : formatPrice(totalCents)}
        </span>
      </p>
      {unpriced > 0 && unpriced < items.length && (
        <p className="text-xs text-muted-foreground">
          {unpriced === 1
            ? "1 producto sin precio: te lo confirmamos por WhatsApp."
            : `${unpriced} productos sin precio: te los confirmamos por WhatsApp.`}
        </p>
      )}
    </>
  );
}

/** 'Enviar pedido por WhatsApp': the shop's WhatsApp with the cart's message (cartMessage). */
export function WhatsAppOrderButton({
  whatsapp,
  items,
  details,
}: {
  whatsapp: string | null;
  items: CartItem[];
  details?: Partial<CartDetails>;
}) {
  return (
    <Button asChild className="bg-[#18743f] text-white hover:bg-[#125c32]">
      <a href={waMeHref(whatsapp, cartMessage(items, details))} target="_blank" rel="noopener noreferrer">
        <MessageCircle aria-hidden="true" />
        Enviar pedido por WhatsApp
        <span className="sr-only">(se abre en una pestaña nueva)</span>
      </a>
    </Button>
  );
}

/** The spec's shipping words under the cart ('Pide por WhatsApp', docs/product.md §2.3). */
export const ORDER_HELP =
  "Escríbenos por WhatsApp y te confirmamos el precio, la disponibilidad y el envío a tu dirección en Miami o a tu familia en Nicaragua y Costa Rica.";

/** The product's picture, small (its 320 px width when stored with widths); a placeholder without one. */
export function CartPicture({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <span className="flex size-14 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-5" />
      </span>
    );
  }
  return (
    <img
      src={srcSetFor(url, "product") ? variantUrl(url, 320) : url}
      alt=""
      width={56}
      height={56}
      loading="lazy"
      onError={() => setFailed(true)}
      className="size-14 shrink-0 rounded-lg bg-muted object-cover"
    />
  );
}
