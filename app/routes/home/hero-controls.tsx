import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { cn } from "~/components/ui/cn";

export type HeroControlsProps = {
  count: number;
  index: number;
  showArrows: boolean;
  showDots: boolean;
  autoplay: boolean;
  paused: boolean;
  onGo: (index: number) => void;
  onTogglePause: () => void;
};

const round =
  "inline-flex size-11 items-center justify-center rounded-full bg-black/35 text-white ring-1 ring-white/40 backdrop-blur-sm transition-colors hover:bg-black/55";

/** Arrows, dots and a pause button: the autoplay must be stoppable (WCAG 2.2.2). */
export function HeroControls(p: HeroControlsProps) {
  return (
    <>
      {p.showArrows && (
        <>
          <button
            type="button"
            aria-label="Imagen anterior"
            onClick={() => p.onGo(p.index - 1)}
            className={cn(round, "absolute top-1/2 left-2 hidden -translate-y-1/2 sm:inline-flex md:left-4")}
          >
            <ChevronLeft aria-hidden="true" className="size-6" />
          </button>
          <button
            type="button"
            aria-label="Imagen siguiente"
            onClick={() => p.onGo(p.index + 1)}
            className={cn(
              round,
              "absolute top-1/2 right-2 hidden -translate-y-1/2 sm:inline-flex md:right-4",
            )}
          >
            <ChevronRight aria-hidden="true" className="size-6" />
          </button>
        </>
      )}
      <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-1">
        {/* On phones the arrows sit beside the dots, clear of the text. */}
        {p.showArrows && (
          <button
            type="button"
            aria-label="Imagen anterior"
            onClick={() => p.onGo(p.index - 1)}
            className={cn(round, "sm:hidden")}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
        )}
        {p.showDots &&
          Array.from({ length: p.count }, (_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, not items.
              key={i}
              type="button"
              aria-label={`Ir a la imagen ${i + 1}`}
              aria-current={i === p.index ? "true" : undefined}
              onClick={() => p.onGo(i)}
              className="group inline-flex size-8 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={cn(
                  "block h-2.5 rounded-full bg-white/60 shadow transition-all group-hover:bg-white",
                  i === p.index ? "w-7 bg-white" : "w-2.5",
                )}
              />
            </button>
          ))}
        {p.showArrows && (
          <button
            type="button"
            aria-label="Imagen siguiente"
            onClick={() => p.onGo(p.index + 1)}
            className={cn(round, "sm:hidden")}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        )}
        {p.autoplay && (
          <button
            type="button"
            aria-label={p.paused ? "Reanudar carrusel" : "Pausar carrusel"}
            onClick={p.onTogglePause}
            className={cn(round, "ml-2 size-9")}
          >
            {p.paused ? (
              <Play aria-hidden="true" className="size-4" />
            ) : (
              <Pause aria-hidden="true" className="size-4" />
            )}
          </button>
        )}
      </div>
    </>
  );
}
