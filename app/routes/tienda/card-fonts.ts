import { useEffect } from "react";
import { CARD_DEFAULT_FONT, type ProductView } from "~/lib/catalog";
import { type FontWeight, loadFontsLater } from "~/lib/fonts";

/**
 * Loads the fonts of the cards on the page, after the page has loaded, in the weights a card uses:
 * 400 (description, button), 600 (name, badge), 700 ('Agotado', only when such a product is sold
 * out). Until then (and without JavaScript) a card's text shows in the nearest system font.
 */
export function useCardFonts(products: Pick<ProductView, "fontFamily" | "stockQuantity">[]) {
  useEffect(() => {
    const byFamily = new Map<string, Set<FontWeight>>();
    for (const p of products) {
      const family = (p.fontFamily ?? "").replace(/[^a-zA-Z ]/g, "").trim() || CARD_DEFAULT_FONT;
      const weights = byFamily.get(family) ?? new Set<FontWeight>([400, 600]);
      if (p.stockQuantity <= 0) weights.add(700);
      byFamily.set(family, weights);
    }
    loadFontsLater([...byFamily].map(([family, weights]) => ({ family, weights: [...weights] })));
  }, [products]);
}
