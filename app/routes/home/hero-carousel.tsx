import type * as React from "react";
import { useCallback, useEffect, useRef, useState } from "react";
import { HeroSlideImage, type HeroSlideView } from "~/components/hero-slide-image";
import { cn } from "~/components/ui/cn";
import type { HeroCarouselConfig } from "~/lib/hero";
import { HeroControls } from "./hero-controls";

export type HeroCarouselProps = {
  slides: HeroSlideView[];
  config: HeroCarouselConfig;
  children: React.ReactNode;
};

const SWIPE_PX = 50;
/** The 1.5 s cross-fade of the slides and of the dark layer over them. */
const FADE =
  "absolute inset-0 transition-opacity duration-[1500ms] ease-in-out motion-reduce:transition-none";

/**
 * The landing hero (docs/product.md §2.2, §5 'Timing'): active images cross-fading over 1.5 s under a
 * dark overlay (each image's own, issue 42), each framed on its focal point, autoplay at the
 * configured delay, arrows and dots, wrapping both ways. The first image is server-rendered so
 * it paints before any JavaScript runs; the others load once the page has finished loading, so
 * they never compete with it.
 */
export function HeroCarousel({ slides, config, children }: HeroCarouselProps) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hoverPaused, setHoverPaused] = useState(false);
  const [loadRest, setLoadRest] = useState(false);
  const touchX = useRef<number | null>(null);
  const canRotate = count > 1;
  const autoplay = config.autoplay && canRotate;

  const go = useCallback((to: number) => setIndex(((to % count) + count) % count), [count]);

  useEffect(() => {
    // Visitors who asked for less motion start paused; they can still press play.
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) setUserPaused(true);
    if (document.readyState === "complete") setLoadRest(true);
    else {
      const onLoad = () => setLoadRest(true);
      window.addEventListener("load", onLoad, { once: true });
      return () => window.removeEventListener("load", onLoad);
    }
  }, []);

  // One timer per shown slide: any manual move restarts the full delay.
  useEffect(() => {
    if (!autoplay || userPaused || hoverPaused) return;
    const t = window.setTimeout(() => go(index + 1), config.delay);
    return () => window.clearTimeout(t);
  }, [autoplay, userPaused, hoverPaused, index, config.delay, go]);

  const onTouchStart = (e: React.TouchEvent) => {
    touchX.current = e.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (e: React.TouchEvent) => {
    const start = touchX.current;
    const end = e.changedTouches[0]?.clientX;
    touchX.current = null;
    if (!canRotate || start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    go(end < start ? index + 1 : index - 1);
  };

  return (
    <section
      aria-roledescription={canRotate ? "carrusel" : undefined}
      aria-label="Presentación"
      data-autoplay={autoplay && !userPaused && !hoverPaused ? "playing" : "stopped"}
      className="relative isolate flex min-h-[30rem] items-center overflow-hidden bg-primary text-white [--focus-ring:white] sm:min-h-[34rem] lg:min-h-[40rem]"
      onMouseEnter={() => setHoverPaused(true)}
      onMouseLeave={() => setHoverPaused(false)}
      onFocus={() => setHoverPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHoverPaused(false);
      }}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className="absolute inset-0 -z-10">
        {count === 0 && (
          <div className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,hsl(var(--accent)/0.35),transparent_45%),radial-gradient(circle_at_10%_100%,hsl(var(--secondary)),transparent_55%)]" />
        )}
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            {...(canRotate && {
              role: "group",
              "aria-roledescription": "diapositiva",
              "aria-label": `${i + 1} de ${count}`,
            })}
            aria-hidden={i !== index}
            className={cn(FADE, i === index ? "opacity-100" : "opacity-0")}
          >
            {(i === 0 || loadRest) && <HeroSlideImage slide={slide} priority={i === 0} />}
          </div>
        ))}
        {/* The shown picture's own darkening (its lightness or the owner's choice), fading with it. */}
        <div
          className={cn(FADE, "bg-black")}
          style={{ opacity: slides[index]?.frame?.overlay ?? config.overlayOpacity }}
        />
      </div>

      <div className="mx-auto w-full max-w-5xl px-4 pt-12 pb-24 text-center sm:px-6 [text-shadow:0_1px_12px_rgb(0_0_0/0.45)]">
        {children}
      </div>

      {canRotate && (
        <HeroControls
          count={count}
          index={index}
          showArrows={config.showArrows}
          showDots={config.showDots}
          autoplay={autoplay}
          paused={userPaused}
          onGo={go}
          onTogglePause={() => setUserPaused((p) => !p)}
        />
      )}
    </section>
  );
}
