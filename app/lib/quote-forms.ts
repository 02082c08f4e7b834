import { z } from "zod";
import { EMPTY_LINK_FIELD, isProductLink, NOT_A_LINK, QUOTE_MARKETPLACES } from "./marketplaces";

/**
 * The external-store quote as the /tienda-externa action reads it (docs/product.md §2.4): a
 * post made before the page's scripts run, or without them, is answered with a redirect to
 * WhatsApp. The page checks the same rules with the same messages without zod
 * (app/routes/tienda-externa/quote-tabs.tsx), to keep zod out of the visitor's first load.
 */
export const quoteFormSchema = z.object({
  tienda: z.enum(QUOTE_MARKETPLACES.map((m) => m.id) as [string, ...string[]], {
    error: "Elige una de las tiendas.",
  }),
  link: z
    .string({ error: EMPTY_LINK_FIELD })
    .trim()
    .min(1, { error: EMPTY_LINK_FIELD, abort: true })
    .max(2000, "Máximo 2000 caracteres.")
    .refine(isProductLink, NOT_A_LINK),
});
export type QuoteValues = z.output<typeof quoteFormSchema>;
