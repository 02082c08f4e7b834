import { createProduct, type ProductValues } from "../catalog/products";
import type { Db } from "../db/client";

/** A plain in-stock 'comida' product without price or picture: what tests start from. */
export const TEST_PRODUCT: ProductValues = {
  name: "x",
  description: null,
  stockQuantity: 1,
  category: "comida",
  fontFamily: "Inter",
  isOnSale: false,
  saleInfo: null,
  priceCents: null,
  salePriceCents: null,
  imageUrl: null,
};

/** TEST_PRODUCT with `over`, saved. */
export function addTestProduct(db: Db, over: Partial<ProductValues> = {}) {
  return createProduct(db, { ...TEST_PRODUCT, ...over });
}
