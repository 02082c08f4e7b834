import sharp from "sharp";
import { MAX_PRODUCT_IMAGE_BYTES } from "../../lib/catalog";
import type { UploadRefusal } from "../../lib/uploads";
import { InvalidInputError } from "../errors";
import type { Logger } from "../logger";
import { ImageError, removeStoredImage, storeImage, uniqueName } from "../storage/images";
import type { Storage } from "../storage/storage";

export const PRODUCT_BUCKET = "product-images" as const;

/** An upload the server refused; `reason` is worded in app/lib/uploads.ts. */
export class UploadError extends InvalidInputError {
  constructor(readonly refusal: UploadRefusal) {
    super(refusal, "image");
  }
}

/**
 * Checks an uploaded product image whatever the browser did (size, real decodable image,
 * not SVG) and stores it re-encoded as WebP under the spec's key scheme
 * `public/{timestamp}-{random}.webp`. The browser's file name never reaches the key.
 *
 * SVG is refused rather than rasterized: it is a document that can carry scripts and
 * external references, and product photos are never vector drawings.
 */
export async function storeProductImage(storage: Storage, file: Blob, logger: Logger): Promise<string> {
  if (file.size === 0) throw new UploadError("empty");
  if (file.size > MAX_PRODUCT_IMAGE_BYTES) throw new UploadError("too-large");
  const buffer = Buffer.from(await file.arrayBuffer());
  if (looksLikeMarkup(buffer)) throw new UploadError(isSvg(buffer) ? "svg" : "not-an-image");
  let format: string | undefined;
  try {
    format = (await sharp(buffer, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    throw new UploadError("not-an-image");
  }
  if (format === "svg") throw new UploadError("svg");

  const key = `public/${uniqueName()}.webp`;
  let url: string | undefined;
  try {
    url = (await storeImage(storage, PRODUCT_BUCKET, key, buffer, "product")).url;
  } catch (err) {
    // A half-written set (main stored, a width failed) must not stay behind.
    await removeStoredImage(storage, PRODUCT_BUCKET, storage.publicUrl(PRODUCT_BUCKET, key), logger);
    if (err instanceof ImageError) throw new UploadError(err.reason);
    logger.error({ err }, "product image upload failed");
    throw new UploadError("storage-unavailable");
  }
  if (!url) throw new UploadError("no-public-url");
  return url;
}

/** Removes a product's stored image and its widths; failures only log a warning (docs/product.md §4.4). */
export function removeProductImage(storage: Storage, url: string | null, logger: Logger): Promise<boolean> {
  return removeStoredImage(storage, PRODUCT_BUCKET, url, logger);
}

function head(buffer: Buffer): string {
  return buffer
    .subarray(0, 1024)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
}

/** Text documents (SVG, HTML, XML, scripts) start with '<' once a BOM and spaces are skipped. */
function looksLikeMarkup(buffer: Buffer): boolean {
  return head(buffer).startsWith("<");
}

function isSvg(buffer: Buffer): boolean {
  return head(buffer).includes("<svg");
}
