import sharp from "sharp";
import { IMAGE_TOO_LARGE, MAX_PRODUCT_IMAGE_BYTES } from "../../lib/catalog";
import type { Logger } from "../logger";
import { ImageError, removeStoredImage, storeImage, uniqueName } from "../storage/images";
import type { Storage } from "../storage/storage";

export const PRODUCT_BUCKET = "product-images" as const;

/**
 * A refusal the admin should read. Shown as 'Error al subir imagen: {message}', except the
 * spec's own complete messages (size limit, missing public URL), shown as they are.
 */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly complete = false,
  ) {
    super(message);
  }

  get description(): string {
    return this.complete ? this.message : `Error al subir imagen: ${this.message}`;
  }
}

const NOT_AN_IMAGE = "El archivo no es una imagen válida.";
const SVG_REFUSED = "Las imágenes SVG no se aceptan. Usa una foto JPG, PNG, WebP, GIF o AVIF.";

/**
 * Checks an uploaded product image whatever the browser did (size, real decodable image,
 * not SVG) and stores it re-encoded as WebP under the spec's key scheme
 * `public/{timestamp}-{random}.webp`. The browser's file name never reaches the key.
 *
 * SVG is refused rather than rasterized: it is a document that can carry scripts and
 * external references, and product photos are never vector drawings.
 */
export async function storeProductImage(storage: Storage, file: Blob, logger: Logger): Promise<string> {
  if (file.size === 0) throw new UploadError("El archivo está vacío.");
  if (file.size > MAX_PRODUCT_IMAGE_BYTES) throw new UploadError(IMAGE_TOO_LARGE, true);
  const buffer = Buffer.from(await file.arrayBuffer());
  if (looksLikeMarkup(buffer)) throw new UploadError(isSvg(buffer) ? SVG_REFUSED : NOT_AN_IMAGE);
  let format: string | undefined;
  try {
    format = (await sharp(buffer, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    throw new UploadError(NOT_AN_IMAGE);
  }
  if (format === "svg") throw new UploadError(SVG_REFUSED);

  const key = `public/${uniqueName()}.webp`;
  let url: string | undefined;
  try {
    url = (await storeImage(storage, PRODUCT_BUCKET, key, buffer, "product")).url;
  } catch (err) {
    // A half-written set (main stored, a width failed) must not stay behind.
    await removeStoredImage(storage, PRODUCT_BUCKET, storage.publicUrl(PRODUCT_BUCKET, key), logger);
    if (err instanceof ImageError) throw new UploadError(err.message);
    logger.error({ err }, "product image upload failed");
    throw new UploadError("el almacenamiento de archivos no respondió.");
  }
  if (!url) throw new UploadError("No se pudo obtener la URL pública de la imagen.", true);
  return url;
}

/** Removes a product's stored image and its widths; failures only log a warning (SPEC §8.3). */
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
