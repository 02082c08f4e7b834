/**
 * Image sizes per kind of picture. Uploads are re-encoded on the server as WebP at the
 * profile's largest size, plus a copy at each smaller width, so pages can send phones a
 * small file (`srcSet`) and nothing is upscaled.
 */
export const IMAGE_PROFILES = {
  product: { maxWidth: 800, maxHeight: 800, quality: 90, widths: [320, 480, 640] },
  // The smaller widths go to phones under the hero's dark overlay: quality 80 halves a photo's
  // 960 px file (~180 → ~100 kB) without a visible difference there (docs/product.md §4.8).
  hero: { maxWidth: 1920, maxHeight: 1080, quality: 90, widths: [640, 960, 1280], variantQuality: 80 },
  banner: { maxWidth: 1920, maxHeight: 1080, quality: 90, widths: [640, 960, 1280] },
  customer: { maxWidth: 300, maxHeight: 300, quality: 80, widths: [] },
  // Shown at most 100 px high: twice that for sharp screens.
  logo: { maxWidth: 640, maxHeight: 200, quality: 90, widths: [] },
  // Chat photos (ADR 0013): enough to read a label or a receipt; a 480 px thumbnail in the thread.
  chat: { maxWidth: 1600, maxHeight: 1600, quality: 82, widths: [480] },
} as const satisfies Record<string, ImageProfile>;

export type ImageProfile = {
  maxWidth: number;
  maxHeight: number;
  quality: number;
  widths: readonly number[];
  /** The smaller widths' quality, when not `quality`. */
  variantQuality?: number;
};
export type ImageProfileName = keyof typeof IMAGE_PROFILES;

/** How the browser resizes a picked file before upload (docs/product.md §5). */
export type ResizeOptions = { maxWidth: number; maxHeight: number; quality: number; sharpen: boolean };

/**
 * The browser's resize for a profile: the same bounds and quality the server stores, so the
 * server's re-encode changes nothing visible. Only product photos are sharpened (ADR 0006).
 */
export function browserResize(profile: ImageProfileName): ResizeOptions {
  const p = IMAGE_PROFILES[profile];
  return {
    maxWidth: p.maxWidth,
    maxHeight: p.maxHeight,
    quality: p.quality / 100,
    sharpen: profile === "product",
  };
}

/** 'a/b.webp' + 320 → 'a/b-320w.webp'. */
export function variantUrl(url: string, width: number): string {
  return url.replace(/\.webp(\?.*)?$/, `-${width}w.webp$1`);
}

/** Only our own stored images have variants: WebP files in one of the storage buckets. */
export function hasVariants(url: string | null | undefined): url is string {
  return !!url && /\/(product-images|site-assets)\/.+\.webp$/.test(url) && !/-\d+w\.webp$/.test(url);
}

/** The `srcSet` for a stored image, or undefined for an image we did not process. */
export function srcSetFor(url: string | null | undefined, profile: ImageProfileName): string | undefined {
  const p: ImageProfile = IMAGE_PROFILES[profile];
  if (!hasVariants(url) || p.widths.length === 0) return undefined;
  return [...p.widths.map((w) => `${variantUrl(url, w)} ${w}w`), `${url} ${p.maxWidth}w`].join(", ");
}
