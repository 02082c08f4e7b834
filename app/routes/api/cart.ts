import { listProductsByIds } from "~/.server/catalog/products";
import { json, jsonFailure } from "~/.server/http/json";
import { cartFreshFor, MAX_CART_ITEMS } from "~/lib/cart";
import type { Route } from "./+types/cart";

/**
 * GET /api/cart?ids=a,b,c — the cart's products as the shop has them now (name, link, price,
 * sold out), so the cart sheet never sends a WhatsApp order with yesterday's prices. Ids that
 * are malformed or unknown are simply absent from the answer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("ids") ?? "";
  const ids = raw.split(",").filter(Boolean);
  if (ids.length > MAX_CART_ITEMS) return json({ error: "Demasiados productos en el carrito." }, 400);
  const { db, logger } = context.services;
  try {
    const found = await listProductsByIds(db, ids);
    return json({ products: found.map(cartFreshFor) });
  } catch (err) {
    return jsonFailure(err, {
      logger,
      describe: () => undefined,
      fallback: "No se pudo actualizar el carrito.",
    });
  }
}
