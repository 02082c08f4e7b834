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
  // Shown as squares (object-cover) on /nosotros and in the tab: cut to 300x300 from the centre,
  // so a phone's 4000x3000 photo is stored at exactly the size shown (issue 42).
  customer: { maxWidth: 300, maxHeight: 300, quality: 80, widths: [], fit: "cover" },
  // Shown at most 100 px high: twice that for sharp screens. Logos keep their transparency.
  logo: { maxWidth: 640, maxHeight: 200, quality: 90, widths: [], alpha: true },
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
  /** 'inside' (default): the whole picture within the bounds; 'cover': cut to fill them. */
  fit?: ImageFit;
  /** Transparency matters (a logo): a browser that cannot write WebP sends PNG, not JPEG. */
  alpha?: boolean;
};
export type ImageProfileName = keyof typeof IMAGE_PROFILES;
export type ImageFit = "inside" | "cover";

/** How the browser resizes a picked file before upload (docs/product.md §5). */
export type ResizeOptions = {
  maxWidth: number;
  maxHeight: number;
  quality: number;
  sharpen: boolean;
  fit: ImageFit;
  /** What a browser that cannot encode WebP (Safari) writes instead. */
  fallbackType: "image/jpeg" | "image/png";
};

/**
 * The browser's resize for a profile: the same bounds, fit and quality the server stores, so the
 * server's re-encode changes nothing visible. Only product photos are sharpened (ADR 0006).
 */
export function browserResize(profile: ImageProfileName): ResizeOptions {
  const p: ImageProfile = IMAGE_PROFILES[profile];
  return {
    maxWidth: p.maxWidth,
    maxHeight: p.maxHeight,
    quality: p.quality / 100,
    sharpen: profile === "product",
    fit: p.fit ?? "inside",
    fallbackType: p.alpha ? "image/png" : "image/jpeg",
  };
}

/** Which part of a picture is kept (`crop`, in its pixels) and the size it is drawn at. */
export type ResizeBox = {
  crop: { left: number; top: number; width: number; height: number };
  width: number;
  height: number;
};

/**
 * The one size calculation of a resize, used by the browser's canvas (resize.ts) and the server's
 * sharp (app/.server/storage/images.ts) alike: never enlarges. 'inside' keeps the whole picture
 * within the bounds; 'cover' scales it to fill them and cuts the rest evenly from both sides (a
 * picture smaller than the bounds is only cut to their shape where it is larger than them).
 */
export function resizeBox(
  width: number,
  height: number,
  bounds: { maxWidth: number; maxHeight: number; fit?: ImageFit },
): ResizeBox {
  const { maxWidth, maxHeight } = bounds;
  if (bounds.fit !== "cover") {
    const scale = Math.min(1, maxWidth / width, maxHeight / height);
    return {
      crop: { left: 0, top: 0, width, height },
      width: Math.max(1, Math.round(width * scale)),
      height: Math.max(1, Math.round(height * scale)),
    };
  }
  const scale = Math.min(1, Math.max(maxWidth / width, maxHeight / height));
  const cropWidth = Math.min(width, Math.round(maxWidth / scale));
  const cropHeight = Math.min(height, Math.round(maxHeight / scale));
  return {
    crop: {
      left: Math.floor((width - cropWidth) / 2),
      top: Math.floor((height - cropHeight) / 2),
      width: cropWidth,
      height: cropHeight,
    },
    width: Math.max(1, Math.min(maxWidth, Math.round(cropWidth * scale))),
    height: Math.max(1, Math.min(maxHeight, Math.round(cropHeight * scale))),
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
