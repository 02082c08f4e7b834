import sharp from "sharp";
import type { ImageProfileName } from "../../lib/images";
import {
  MAX_PIXELS,
  UPLOAD_RULES,
  type UploadKind,
  type UploadRefusal,
  type UploadRule,
} from "../../lib/uploads";
import { InvalidInputError } from "../errors";
import type { Logger } from "../logger";
import { ImageError, removeStoredImage, storeImage } from "./images";
import type { Bucket, Storage } from "./storage";

/** An upload the server refused; `reason` is worded in app/lib/uploads.ts. */
export class UploadError extends InvalidInputError {
  constructor(readonly refusal: UploadRefusal) {
    super(refusal, "image");
  }
}

// sharp's format names of the MIME types an upload rule lists.
const FORMAT_OF_TYPE: Record<string, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
};

/**
 * Whether this install's sharp can decode a phone's HEIC (HEVC inside HEIF). Its prebuilt libvips
 * reads only AVIF from the HEIF family (its suffixes say '.avif'); a libvips built with an HEVC
 * decoder lists '.heic' as well, and then such photos are converted like any other.
 */
export const CAN_DECODE_HEIC = sharp.format.heif?.input.fileSuffix?.includes(".heic") ?? false;

// The brands of an ISO-BMFF 'ftyp' box that mean HEVC pictures (HEIC), as iPhones write them.
const HEVC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]);

/** A HEIC photo from its first bytes: an 'ftyp' box naming an HEVC brand (not AVIF's). */
export function isHeicBytes(bytes: Uint8Array): boolean {
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length < 16 || text(4, 8) !== "ftyp") return false;
  const size = Math.min(
    bytes.length,
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0),
  );
  const brands = [text(8, 12)];
  for (let at = 16; at + 4 <= size && at < 256; at += 4) brands.push(text(at, at + 4));
  if (brands[0] === "avif" || brands[0] === "avis") return false;
  return brands.some((b) => HEVC_BRANDS.has(b));
}

/**
 * The one check of an uploaded picture, whatever the browser did (docs/product.md §4.5): not
 * empty, within its kind's size (a phone's photo as taken, issue 42), a decodable raster image of
 * an accepted format. SVG is refused rather than rasterised: it is a document that can carry
 * scripts and external references, and photos are never vector drawings. A phone's HEIC is
 * refused with the way out ('heic') unless this sharp can decode it. Returns the bytes.
 */
export async function verifyUpload(file: Blob, kind: UploadKind): Promise<Buffer> {
  const rule = UPLOAD_RULES[kind];
  if (file.size === 0) throw new UploadError("empty");
  if (file.size > rule.maxBytes) throw new UploadError("too-large");
  const buffer = Buffer.from(await file.arrayBuffer());
  if (looksLikeMarkup(buffer)) throw new UploadError(isSvg(buffer) ? "svg" : "not-an-image");
  const heic = isHeicBytes(buffer);
  if (heic && !CAN_DECODE_HEIC) throw new UploadError("heic");
  let meta: sharp.Metadata;
  try {
    // The header only (nothing decoded): the pixel count is checked below, in words of its own.
    meta = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadError("not-an-image");
  }
  const { format } = meta;
  if (format === "svg") throw new UploadError("svg");
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) throw new UploadError("too-many-pixels");
  // A decodable HEIC is converted like the JPEG the iPhone could have sent.
  if (rule.types && !heic && !rule.types.some((t) => FORMAT_OF_TYPE[t] === format))
    throw new UploadError("wrong-type");
  return buffer;
}

/**
 * Checks an upload (`verifyUpload`) and stores it re-encoded as WebP at `key` with its
 * profile's smaller widths, within the kind's stored limit; returns its public URL. This is also
 * the fallback of the browser's resize: a camera's original (no JavaScript, an old browser) is
 * made as small here. The browser's file name never reaches the key. A half-written set (main
 * stored, a width failed) is removed again.
 */
export async function storeUpload(
  { storage, logger }: { storage: Storage; logger: Logger },
  file: Blob,
  target: { kind: UploadKind & ImageProfileName; bucket: Bucket; key: string },
): Promise<string> {
  const buffer = await verifyUpload(file, target.kind);
  let url: string | undefined;
  try {
    const rule: UploadRule = UPLOAD_RULES[target.kind];
    url = (await storeImage(storage, target.bucket, target.key, buffer, target.kind, rule.storedMaxBytes))
      .url;
  } catch (err) {
    await removeStoredImage(storage, target.bucket, storage.publicUrl(target.bucket, target.key), logger);
    if (err instanceof ImageError) throw new UploadError(err.reason);
    logger.error({ err, kind: target.kind }, "image upload failed");
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
