import { MAX_PRODUCT_IMAGE_BYTES } from "../../lib/catalog";
import type { Logger } from "../logger";
import { removeStoredImage, uniqueName } from "../storage/images";
import type { Storage } from "../storage/storage";
import { storeUploadedImage } from "../storage/uploads";

export const PRODUCT_BUCKET = "product-images" as const;

/**
 * Checks an uploaded product image (at most 10 MB, any raster image) and stores it re-encoded
 * as WebP under the spec's key scheme `public/{timestamp}-{random}.webp`. Throws UploadError.
 */
export function storeProductImage(storage: Storage, file: Blob, logger: Logger): Promise<string> {
  return storeUploadedImage(
    storage,
    PRODUCT_BUCKET,
    `public/${uniqueName()}.webp`,
    file,
    { profile: "product", maxBytes: MAX_PRODUCT_IMAGE_BYTES },
    logger,
  );
}

/** Removes a product's stored image and its widths; failures only log a warning (docs/product.md §4.4). */
export function removeProductImage(storage: Storage, url: string | null, logger: Logger): Promise<boolean> {
  return removeStoredImage(storage, PRODUCT_BUCKET, url, logger);
}
