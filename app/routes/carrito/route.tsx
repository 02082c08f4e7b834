import { ShoppingCart } from "lucide-react";
import { data, redirect, useRouteLoaderData } from "react-router";
import { safeRedirect } from "~/.server/auth/login";
import { findCartProduct, requestCartLines } from "~/.server/catalog/cart";
import { flashSetCookie } from "~/.server/http/cookies";
import { readForm } from "~/.server/http/intents";
import { PageHeader } from "~/components/page-header";
import { cartCookieHeader } from "~/lib/cart-cookie";
import { CART_UNKNOWN_ACTION, cartFormSchema } from "~/lib/cart-forms";
import {
  type AddOutcome,
  addLine,
  type CartLine,
  EMPTY_SERVER_CART,
  maxQuantity,
  removeLine,
  type ServerCart,
  setLine,
} from "~/lib/cart-lines";
import type { FlashKey } from "~/lib/flash";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/route";
import { CartPage } from "./cart-page";

/**
 * /carrito, 'Tu carrito': the cart of this browser (the `mm_cart` cookie, app/lib/cart-lines.ts)
 * with its quantities, total and the WhatsApp order, working without scripts. The cart itself is
 * read by the root loader (every page's header counts it); this route changes it.
 */

/** One browser's cart: no shared cache or back-forward cache keeps it. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const ADDED: Record<AddOutcome, FlashKey> = { added: "cart-added", limit: "cart-limit", full: "cart-full" };

/**
 * The cart's forms (app/lib/cart-forms.ts), posted without scripts: the changed cookie and a
 * flash, then back to the page the post came from (Post/Redirect/Get). Input that is no cart form
 * is a 400 with its Spanish message; a database out of reach a 503, the cart unchanged.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, logger } = context.services;
  const parsed = cartFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? CART_UNKNOWN_ACTION }, { status: 400 });
  }
  const form = parsed.data;
  const lines = await requestCartLines(request.headers.get("Cookie"));
  let next: CartLine[] = lines;
  let flash: FlashKey;
  let to = "/carrito";
  try {
    if (form.intent === "add") {
      to = safeRedirect(form.returnTo, "/carrito");
      const product = await findCartProduct(db, form.id);
      const max = product ? maxQuantity(product) : 0;
      if (max === 0) {
        flash = "cart-unavailable";
      } else {
        const added = addLine(lines, form.id, form.quantity, max);
        next = added.lines;
        flash = ADDED[added.outcome];
      }
    } else if (form.intent === "set") {
      const product = await findCartProduct(db, form.id);
      const max = product ? maxQuantity(product) : 0;
      next = max === 0 ? removeLine(lines, form.id) : setLine(lines, form.id, form.quantity, max);
      flash = max === 0 ? "cart-unavailable" : "cart-updated";
    } else if (form.intent === "remove") {
      next = removeLine(lines, form.id);
      flash = "cart-removed";
    } else {
      next = [];
      flash = "cart-cleared";
    }
  } catch (err) {
    logger.warn({ err }, "cart: update failed");
    return data(
      { error: "No se pudo actualizar el carrito. Inténtalo de nuevo en un momento." },
      { status: 503 },
    );
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await cartCookieHeader(next));
  headers.append("Set-Cookie", await flashSetCookie(flash));
  return redirect(to, { status: 303, headers });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches[0]?.loaderData, {
    title: "Tu carrito",
    description: "Los productos de tu pedido, con cantidades y total, para enviarlo por WhatsApp.",
    path: "/carrito",
  }),
  { name: "robots", content: "noindex" },
];

export default function CarritoPage({ actionData }: Route.ComponentProps) {
  const server = useRouteLoaderData<{ cart?: ServerCart }>("root")?.cart ?? EMPTY_SERVER_CART;
  return (
    <>
      <PageHeader
        title="Tu carrito"
        icon={ShoppingCart}
        subtitle="Revisa tu pedido y envíalo por WhatsApp: te confirmamos el precio, la disponibilidad y el envío."
        className="[&>div]:py-8 md:[&>div]:py-10"
      />
      <CartPage server={server} error={actionData?.error ?? null} />
    </>
  );
}
