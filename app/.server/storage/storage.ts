/**
 * The one storage interface (docs/product.md §4.5): named buckets with the spec's path scheme inside
 * each. Drivers: local disk under DATA_DIR (default) and any S3-compatible bucket.
 */
export const BUCKETS = ["product-images", "site-assets"] as const;
export type Bucket = (typeof BUCKETS)[number];
/** The site's own pictures: logo, banner, hero images, customer photos. */
export const SITE_ASSETS = "site-assets" satisfies Bucket;

export interface Storage {
  readonly kind: "local" | "s3";
  /** Stores an object (replacing any object at that key) and returns its public URL. */
  put(bucket: Bucket, key: string, body: Buffer, contentType: string): Promise<string>;
  /** Removes an object; removing a missing object is not an error. */
  remove(bucket: Bucket, key: string): Promise<void>;
  publicUrl(bucket: Bucket, key: string): string;
  /** The key of one of our public URLs in `bucket`, or null for any other URL. */
  keyFromUrl(bucket: Bucket, url: string): string | null;
  /** Every object of `bucket` with its size (backups copy them all). */
  list(bucket: Bucket): AsyncIterable<StoredObject>;
  /** An object's bytes, or null when there is none at `key` (backups). */
  get(bucket: Bucket, key: string): Promise<Buffer | null>;
  /** How another process opens this same storage (the backup worker, app/.server/backup/). */
  readonly spec: StorageSpec;
}

export type StoredObject = { key: string; size: number };

export type StorageSpec = { kind: "local"; root: string } | { kind: "s3"; options: S3Options };

/** An S3-compatible bucket (s3.ts), as configured and as another process reopens it. */
export type S3Options = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL visitors load files from (bucket website, CDN, ...). */
  publicUrl: string;
  /** Path-style addressing (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
};

/** Public files never change at a given key (keys carry timestamps), so they cache for a year. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=31536000, immutable";

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9._\-/]*$/;

/** Keys are relative paths of safe characters: no '..', no leading slash, no empty segment. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..") || key.includes("//") || key.length > 300) {
    throw new Error(`Ruta de archivo inválida: ${key}`);
  }
}

export function keyFromPublicUrl(base: string, bucket: Bucket, url: string): string | null {
  const prefix = `${base.replace(/\/$/, "")}/${bucket}/`;
  let path = url;
  // Accept absolute URLs of our own origin too, when the base is a path.
  if (base.startsWith("/") && /^https?:\/\//.test(url)) {
    try {
      path = new URL(url).pathname;
    } catch {
      return null;
    }
  }
  if (!path.startsWith(prefix)) return null;
  const key = decodeURIComponent(path.slice(prefix.length).split("?")[0] ?? "");
  try {
    assertSafeKey(key);
  } catch {
    return null;
  }
  return key;
}
