import { ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/components/ui/cn";
import { srcSetFor } from "~/lib/images";

export type ProductImageProps = {
  url: string | null;
  alt: string;
  /** Above the fold: load at once; otherwise the browser loads it when near. */
  eager?: boolean;
  /** The page's main image (the first card): fetched before other images. */
  priority?: boolean;
  /** The `sizes` attribute: how wide the image is drawn at each screen width. */
  sizes: string;
  className?: string;
};

/**
 * A product photo from its stored widths, with the spec's 'Imagen no disponible' when there
 * is none or it fails to load. Width and height are set so the layout never shifts.
 */
export function ProductImage({
  url,
  alt,
  eager = false,
  priority = false,
  sizes,
  className,
}: ProductImageProps) {
  const [failed, setFailed] = useState(!url);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    // A server-rendered image may have failed before React attached its error handler.
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  if (failed || !url) {
    return (
      <div
        className={cn(
          "flex size-full flex-col items-center justify-center gap-2 bg-muted text-sm text-muted-foreground",
          className,
        )}
      >
        <ImageOff aria-hidden="true" className="size-8" />
        <span>Imagen no disponible</span>
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={url}
      srcSet={srcSetFor(url, "product")}
      sizes={sizes}
      width={800}
      height={800}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      // The other above-the-fold images load at once but after the first (and are not preloaded).
      fetchPriority={priority ? "high" : eager ? "low" : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className={cn("size-full object-cover", className)}
    />
  );
}
