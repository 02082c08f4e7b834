import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { tapsWaitFor } from "~/lib/early-taps";
import { whenVisitorActs } from "~/lib/idle";
import { useLoaded } from "~/lib/use-loaded";
import type { PhotoView } from "./lightbox";

// The lightbox (and the dialog code under it) loads apart from the page: at the visitor's first
// touch, key or mouse movement, or when a photo is pointed at or focused. A tap replayed after
// hydration waits for it before the next one (app/lib/early-taps.ts).
const loadLightbox = () => tapsWaitFor(import("./lightbox"));

export const ABOUT_AUTOPLAY_MS = 4000;

/**
 * Customer photos (docs/product.md §2.6): a looping carousel with autoplay every 4 s, 1/2, 1/3, 1/4 or
 * 1/6 of the width per photo by screen size; a click opens the lightbox. Autoplay is driven
 * here rather than by Embla's focus/hover rules, which would restart it behind the open
 * lightbox: it stops while the lightbox is open and starts afresh when it closes.
 */
export function CustomerCarousel({ photos }: { photos: PhotoView[] }) {
  const autoplay = useRef(
    Autoplay({ delay: ABOUT_AUTOPLAY_MS, stopOnInteraction: false, stopOnFocusIn: false, playOnInit: false }),
  );
  const [viewportRef, api] = useEmblaCarousel({ loop: true, align: "start" }, [autoplay.current]);
  const [playing, setPlaying] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [lightboxUsed, setLightboxUsed] = useState(false);
  useEffect(() => whenVisitorActs(() => void loadLightbox()), []);
  const Lightbox = useLoaded(loadLightbox, lightboxUsed)?.Lightbox;

  // Embla restarts autoplay after every drag; a visitor's pause must survive that.
  const pausedRef = useRef(false);
  pausedRef.current = userPaused || open !== null;

  useEffect(() => {
    if (!api) return;
    // Embla emits these just before its own state flips, so they carry the new state.
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    const afterDrag = () => {
      if (pausedRef.current) autoplay.current.stop();
    };
    api.on("autoplay:play", onPlay).on("autoplay:stop", onStop).on("pointerUp", afterDrag);
    // Visitors who asked for less motion start paused; the play button is theirs to press.
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) setUserPaused(true);
    else autoplay.current.play();
    return () => {
      api.off("autoplay:play", onPlay).off("autoplay:stop", onStop).off("pointerUp", afterDrag);
    };
  }, [api]);

  const openAt = (i: number) => {
    void loadLightbox();
    autoplay.current.stop();
    setLightboxUsed(true);
    setOpen(i);
  };
  const close = () => {
    setOpen(null);
    if (!userPaused) autoplay.current.play();
  };
  const togglePause = () => {
    if (userPaused) autoplay.current.play();
    else autoplay.current.stop();
    setUserPaused(!userPaused);
  };

  return (
    <section
      aria-roledescription="carrusel"
      aria-label="Fotos de nuestros clientes"
      data-autoplay={playing ? "playing" : "stopped"}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <ul className="-ml-4 flex touch-pan-y">
          {photos.map((p, i) => (
            <li
              key={p.id}
              className="min-w-0 shrink-0 grow-0 basis-1/2 pl-4 sm:basis-1/3 md:basis-1/4 lg:basis-1/6"
            >
              <button
                type="button"
                onClick={() => openAt(i)}
                onPointerEnter={() => void loadLightbox()}
                onFocus={() => void loadLightbox()}
                aria-label={`Ampliar foto ${i + 1} de ${photos.length}`}
                className="group block w-full overflow-hidden rounded-2xl bg-card shadow-sm ring-1 ring-border"
              >
                <img
                  src={p.src}
                  alt={p.alt}
                  width={300}
                  height={300}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full object-cover transition-transform duration-300 group-hover:scale-105"
                />
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-6 flex items-center justify-center gap-2">
        <Button variant="outline" size="icon" aria-label="Fotos anteriores" onClick={() => api?.scrollPrev()}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={userPaused ? "Reanudar carrusel" : "Pausar carrusel"}
          onClick={togglePause}
        >
          {userPaused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
        </Button>
        <Button variant="outline" size="icon" aria-label="Fotos siguientes" onClick={() => api?.scrollNext()}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      {Lightbox ? <Lightbox photos={photos} index={open} onIndexChange={setOpen} onClose={close} /> : null}
    </section>
  );
}
