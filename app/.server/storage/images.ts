import sharp from "sharp";
import {
  IMAGE_PROFILES,
  type ImageProfile,
  type ImageProfileName,
  resizeBox,
  variantUrl,
} from "../../lib/images";
import { MAX_PIXELS } from "../../lib/uploads";
import type { Logger } from "../logger";
import type { Bucket, Storage } from "./storage";

/**
 * The bytes are not an image we accept (the caller says so in its own words): not an accepted
 * raster format at all, one whose header reads but whose pixels do not (a truncated file), or one
 * whose re-encode still weighs more than its kind may store.
 */
export class ImageError extends Error {
  constructor(readonly reason: "not-an-image" | "damaged" | "stored-too-large") {
    super(
      reason === "damaged"
        ? "damaged or truncated image"
        : reason === "stored-too-large"
          ? "re-encoded image over its stored limit"
          : "not an accepted raster image",
    );
  }
}

// Raster formats only: an SVG is a document that can carry scripts, so uploads never accept it.
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

/**
 * Checks that `input` really is an image and re-encodes it as WebP within the profile's
 * bounds (EXIF rotation applied, metadata stripped); a 'cover' profile is cut to its bounds the
 * way the browser cuts it (`resizeBox`).
 */
export async function processImage(input: Buffer, profile: ImageProfileName, width?: number) {
  const p: ImageProfile = IMAGE_PROFILES[profile];
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new ImageError("not-an-image");
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw new ImageError("not-an-image");
  let out: { data: Buffer; info: sharp.OutputInfo };
  try {
    const image = sharp(input, { limitInputPixels: MAX_PIXELS, animated: false }).rotate();
    if (p.fit === "cover" && !width) {
      // The same cut as the browser's canvas, on the picture as it is seen (EXIF rotation applied).
      const seen = meta.autoOrient ?? { width: meta.width, height: meta.height };
      const box = resizeBox(seen.width, seen.height, p);
      if (box.crop.width < seen.width || box.crop.height < seen.height) image.extract(box.crop);
      image.resize({ width: box.width, height: box.height, fit: "fill" });
    } else {
      image.resize({
        width: width ?? p.maxWidth,
        height: width ? undefined : p.maxHeight,
        fit: "inside",
        withoutEnlargement: true,
      });
    }
    out = await image
      .webp({ quality: width ? (p.variantQuality ?? p.quality) : p.quality })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // The header was readable but decoding failed: the file, not our storage, is at fault.
    throw new ImageError("damaged");
  }
  return { buffer: out.data, width: out.info.width, height: out.info.height };
}

/**
 * Stores an uploaded image at `key` (which must end in .webp) plus its smaller widths, and
 * returns the public URL of the main file. `maxBytes`: the most the stored file may weigh (the
 * spec's limit for its kind); a re-encode over it is refused rather than stored.
 */
export async function storeImage(
  storage: Storage,
  bucket: Bucket,
  key: string,
  input: Buffer,
  profile: ImageProfileName,
  maxBytes?: number,
): Promise<{ url: string; width: number; height: number }> {
  if (!key.endsWith(".webp")) throw new Error("image keys end in .webp");
  const main = await processImage(input, profile);
  if (maxBytes !== undefined && main.buffer.length > maxBytes) throw new ImageError("stored-too-large");
  const url = await storage.put(bucket, key, main.buffer, "image/webp");
  for (const w of IMAGE_PROFILES[profile].widths) {
    const v = await processImage(input, profile, w);
    await storage.put(bucket, variantUrl(key, w), v.buffer, "image/webp");
  }
  return { url, width: main.width, height: main.height };
}

/**
 * Removes a stored image and its variants. A URL that is not ours is ignored; a failure only
 * logs a warning (docs/product.md §4.4: it must not block the user's action).
 */
export async function removeStoredImage(
  storage: Storage,
  bucket: Bucket,
  url: string | null | undefined,
  logger: Logger,
): Promise<boolean> {
  if (!url) return true;
  const key = storage.keyFromUrl(bucket, url);
  if (!key) return true;
  const keys = [key];
  if (key.endsWith(".webp")) {
    for (const p of Object.values(IMAGE_PROFILES)) for (const w of p.widths) keys.push(variantUrl(key, w));
  }
  try {
    await Promise.all([...new Set(keys)].map((k) => storage.remove(bucket, k)));
    return true;
  } catch (err) {
    logger.warn({ err, url }, "No se pudo eliminar la imagen del almacenamiento");
    return false;
  }
}

/** '{timestamp}-{random}' for the spec's path scheme. */
export function uniqueName(): string {
  return `${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
}
