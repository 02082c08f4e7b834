import type * as React from "react";
import type { HeroSlide } from "~/lib/hero";

/**
 * One slide as the landing receives it. `frame` (a hero image's focal point and overlay, issue 42)
 * holds style values the server computed: the page runs no code of its own for them.
 */
export type HeroSlideView = Pick<HeroSlide, "id" | "style"> &
  Partial<Pick<HeroSlide, "frame">> & {
    src: string;
    srcSet?: string;
    alt: string;
  };

/**
 * The hero is wider than tall on desktops and taller than 16:9 on phones, where the cover crop
 * shows the middle of the picture: phones ask for a somewhat larger file than their width, but
 * not the full crop width, which would send a slow phone the 1920 px file. Under the hero's dark
 * overlay the 960/1280 px files look sharp enough (a typical phone: 412 px at 1.75-2x).
 */
export const HERO_SIZES = "(max-width: 767px) 120vw, 100vw";

/**
 * Display settings of the main image (docs/product.md §2.2): fit and size in %. Where the picture
 * sits is its focal point, for every image, fit and screen width; a slide without one (the
 * banner, the built-in picture) is centred.
 */
function heroSlideStyle(slide: HeroSlideView): React.CSSProperties {
  const s = slide.style;
  return {
    objectFit: s?.object_fit ?? "cover",
    objectPosition: slide.frame?.position ?? "center",
    width: `${s?.width ?? 100}%`,
    height: `${s?.height ?? 100}%`,
  };
}

/** One hero picture; `priority` marks the first, which is the page's largest paint. */
export function HeroSlideImage({ slide, priority }: { slide: HeroSlideView; priority: boolean }) {
  return (
    <div className="flex size-full items-center justify-center">
      <img
        src={slide.src}
        srcSet={slide.srcSet}
        sizes={slide.srcSet ? HERO_SIZES : undefined}
        alt={slide.alt}
        width={1920}
        height={1080}
        fetchPriority={priority ? "high" : "low"}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        className="max-w-none"
        style={heroSlideStyle(slide)}
      />
    </div>
  );
}
