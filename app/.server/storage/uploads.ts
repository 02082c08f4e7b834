import sharp from "sharp";
import type { ImageProfileName } from "../../lib/images";
import type { UploadRefusal } from "../../lib/uploads";
import { InvalidInputError } from "../errors";
import type { Logger } from "../logger";
import { ImageError, removeStoredImage, storeImage } from "./images";
import type { Bucket, Storage } from "./storage";

/** An upload the server refused; `refusal` is worded per kind of picture in app/lib/uploads.ts. */
export class UploadError extends InvalidInputError {
  constructor(readonly refusal: UploadRefusal) {
    super(refusal, "image");
  }
}

export type UploadRules = {
  profile: ImageProfileName;
  maxBytes: number;
  /** sharp's format names accepted (e.g. jpeg, png, webp); any raster image when absent. */
  formats?: readonly string[];
};

/**
 * Checks an uploaded picture whatever the browser did (not empty, not too large, a real decodable
 * raster image, of an accepted format) and stores it re-encoded as WebP at `key` with the
 * profile's widths (./images.ts). The browser's file name never reaches the key. Throws an
 * UploadError; a half-written set is removed again.
 *
 * SVG is refused rather than rasterized: it is a document that can carry scripts and external
 * references, and photos and logos upload fine as PNG or WebP.
 */
export async function storeUploadedImage(
  storage: Storage,
  bucket: Bucket,
  key: string,
  file: Blob,
  rules: UploadRules,
  logger: Logger,
): Promise<string> {
  if (file.size === 0) throw new UploadError("empty");
  if (file.size > rules.maxBytes) throw new UploadError("too-large");
  const buffer = Buffer.from(await file.arrayBuffer());
  if (looksLikeMarkup(buffer)) throw new UploadError(isSvg(buffer) ? "svg" : "not-an-image");
  let format: string | undefined;
  try {
    format = (await sharp(buffer, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    throw new UploadError("not-an-image");
  }
  if (format === "svg") throw new UploadError("svg");
  if (rules.formats && !rules.formats.includes(format ?? "")) throw new UploadError("format");

  let url: string | undefined;
  try {
    url = (await storeImage(storage, bucket, key, buffer, rules.profile)).url;
  } catch (err) {
    await removeStoredImage(storage, bucket, storage.publicUrl(bucket, key), logger);
    if (err instanceof ImageError) throw new UploadError("not-an-image");
    logger.error({ err }, "image upload failed");
    throw new UploadError("storage-unavailable");
  }
  if (!url) throw new UploadError("no-public-url");
  return url;
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
