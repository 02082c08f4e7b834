import { HeroSlideImage, type HeroSlideView } from "~/components/hero-slide-image";
import { cn } from "~/components/ui/cn";
import type { HeroSlideFrame } from "~/lib/hero-frame";
import { useSite } from "~/lib/use-site";

/**
 * The landing hero as two screens show it, drawn by the landing's own slide picture
 * (app/components/hero-slide-image.tsx) under its dark layer, inside frames of the hero's shape: a phone's (390 px wide;
 * its title, text and buttons make it about 520 px tall) and a laptop's (1280 × 640, the hero's
 * `lg:min-h-[40rem]`). Each frame is a size container, so the title's size is the page's in
 * proportion (the same cut of the picture, the same share of it under the title) at any width.
 */
const SCREENS = [
  {
    caption: "En un teléfono",
    width: 390,
    height: 520,
    title: 36,
    subtitle: 18,
    padding: 16,
    box: "w-[195px] shrink-0",
  },
  {
    caption: "En una computadora",
    width: 1280,
    height: 640,
    title: 60,
    subtitle: 20,
    padding: 152,
    box: "w-full max-w-[640px]",
  },
] as const;

/** A length of the page's hero as a share of the frame's width. */
const cqw = (px: number, width: number) => `${((px / width) * 100).toFixed(3)}cqw`;

export function FramePreviews({ slide }: { slide: HeroSlideView & { frame: HeroSlideFrame } }) {
  const { text } = useSite();
  return (
    <div className="flex flex-wrap items-start gap-4">
      {SCREENS.map((s) => (
        <figure
          key={s.caption}
          className={cn("grid min-w-0 gap-1.5", s.box, s.width > 400 && "flex-1 basis-64")}
        >
          <div
            aria-hidden="true"
            className="@container relative isolate overflow-hidden rounded-lg bg-primary text-white shadow-sm ring-1 ring-border"
            style={{ aspectRatio: `${s.width} / ${s.height}` }}
          >
            <div className="absolute inset-0 -z-10">
              <HeroSlideImage slide={slide} priority={false} />
              {/* The landing's dark layer (hero-carousel.tsx), at the opacity the landing computes. */}
              <div className="absolute inset-0 bg-black" style={{ opacity: slide.frame.overlay }} />
            </div>
            <div
              className="flex size-full flex-col items-center justify-center text-center [text-shadow:0_1px_12px_rgb(0_0_0/0.45)]"
              style={{ paddingInline: cqw(s.padding, s.width) }}
            >
              <p
                className="leading-tight font-bold tracking-tight"
                style={{ fontSize: cqw(s.title, s.width) }}
              >
                {text.heroTitle}
              </p>
              <p
                className="text-white/95"
                style={{ fontSize: cqw(s.subtitle, s.width), marginTop: cqw(20, s.width) }}
              >
                {text.heroSubtitle}
              </p>
            </div>
          </div>
          <figcaption className="text-xs text-muted-foreground">{s.caption}</figcaption>
        </figure>
      ))}
    </div>
  );
}
