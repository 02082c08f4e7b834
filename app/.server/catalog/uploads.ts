import type { Logger } from "../logger";
import { removeStoredImage, uniqueName } from "../storage/images";
import type { Storage } from "../storage/storage";
import { storeUpload } from "../storage/uploads";

export const PRODUCT_BUCKET = "product-images" as const;

/**
 * Checks an uploaded product image and stores it re-encoded as WebP under the spec's key scheme
 * `public/{timestamp}-{random}.webp` (docs/product.md §4.4); refusals are UploadError.
 */
export function storeProductImage(storage: Storage, file: Blob, logger: Logger): Promise<string> {
  return storeUpload({ storage, logger }, file, {
    kind: "product",
    bucket: PRODUCT_BUCKET,
    key: `public/${uniqueName()}.webp`,
  });
}

/** Removes a product's stored image and its widths; failures only log a warning (docs/product.md §4.4). */
export function removeProductImage(storage: Storage, url: string | null, logger: Logger): Promise<boolean> {
  return removeStoredImage(storage, PRODUCT_BUCKET, url, logger);
}
