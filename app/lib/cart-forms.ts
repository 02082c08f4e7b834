import { z } from "zod";
import { MAX_QUANTITY } from "./cart";
import { isUuid } from "./ids";

/**
 * The cart's forms as the /carrito action reads them (app/routes/carrito/route.tsx): 'Añadir al
 * Carrito' on the shop and product pages, and 'Actualizar', 'Quitar' and 'Vaciar carrito' on the
 * cart page. They post without scripts; with scripts the sheet does the same in the browser.
 */

export const CART_BAD_PRODUCT = "Ese producto no existe.";
export const CART_BAD_QUANTITY = `Escribe una cantidad entre 1 y ${MAX_QUANTITY}.`;
export const CART_UNKNOWN_ACTION = "Acción desconocida.";

const productId = z.string({ error: CART_BAD_PRODUCT }).trim().toLowerCase().refine(isUuid, CART_BAD_PRODUCT);

const quantity = z.coerce
  .number({ error: CART_BAD_QUANTITY })
  .int(CART_BAD_QUANTITY)
  .min(1, CART_BAD_QUANTITY)
  .max(MAX_QUANTITY, CART_BAD_QUANTITY);

/** Where a post made from a page goes back to; the action keeps only a path of this site (safeRedirect). */
const returnTo = z.string().max(2000).optional().catch(undefined);

export const cartFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), id: productId, quantity: quantity.default(1), returnTo }),
    z.object({ intent: z.literal("set"), id: productId, quantity }),
    z.object({ intent: z.literal("remove"), id: productId }),
    z.object({ intent: z.literal("clear") }),
  ],
  { error: CART_UNKNOWN_ACTION },
);
export type CartFormValues = z.output<typeof cartFormSchema>;
