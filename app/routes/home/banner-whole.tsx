import type * as React from "react";
import type { HeroSlideView } from "~/components/hero-slide-image";

/**
 * A banner that carries its own text ('CERRADO 24 y 25 de diciembre'), drawn whole: never
 * cropped, darkened or covered. The 16:9 frame (the recommended 1920×1080) keeps the page from
 * moving as the picture arrives; a picture of another shape sits inside it on the site's colour.
 * The site's title and buttons follow below it.
 */
export function BannerWhole({ slide, children }: { slide: HeroSlideView; children: React.ReactNode }) {
  return (
    <section aria-label="Presentación" className="bg-primary text-white [--focus-ring:white]">
      <div className="mx-auto aspect-video w-full max-w-[1920px] lg:max-h-[40rem]">
        <img
          src={slide.src}
          srcSet={slide.srcSet}
          sizes={slide.srcSet ? "100vw" : undefined}
          alt={slide.alt}
          width={1920}
          height={1080}
          fetchPriority="high"
          decoding="sync"
          className="size-full object-contain"
        />
      </div>
      <div className="mx-auto w-full max-w-5xl px-4 pt-8 pb-12 text-center sm:px-6">{children}</div>
    </section>
  );
}
