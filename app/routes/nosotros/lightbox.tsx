import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { DialogOverlay } from "~/components/ui/dialog";

/** One customer photo as the carousel and the lightbox show it. */
export type PhotoView = { id: string; src: string; alt: string };

export type LightboxProps = {
  photos: PhotoView[];
  /** The photo shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

const round =
  "inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-foreground shadow-lg transition-colors hover:bg-white";

/**
 * The customer-photo lightbox (docs/product.md §2.6): Escape, the close button or a click on the dark
 * backdrop close it; the arrow keys and buttons move to the previous or next photo, wrapping.
 */
export function Lightbox({ photos, index, onIndexChange, onClose }: LightboxProps) {
  const count = photos.length;
  const photo = index === null ? undefined : photos[index];
  const move = (step: number) => {
    if (index !== null) onIndexChange((index + step + count) % count);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowLeft") move(-1);
    else if (e.key === "ArrowRight") move(1);
    else return;
    e.preventDefault();
  };
  return (
    <DialogPrimitive.Root open={photo !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogOverlay className="bg-black/85" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          className="fixed top-1/2 left-1/2 z-50 w-[min(88vw,30rem)] -translate-x-1/2 -translate-y-1/2 outline-none motion-safe:animate-dialog-in"
        >
          <DialogPrimitive.Title className="sr-only">
            Foto {(index ?? 0) + 1} de {count}
          </DialogPrimitive.Title>
          {photo && (
            <img
              src={photo.src}
              alt={photo.alt}
              width={300}
              height={300}
              className="aspect-square w-full rounded-2xl bg-white/10 object-cover shadow-2xl"
            />
          )}
          <p
            aria-hidden="true"
            className="mx-auto mt-3 w-fit rounded-full bg-neutral-900 px-3 py-1 text-sm font-medium text-white"
          >
            {(index ?? 0) + 1} / {count}
          </p>
          <DialogPrimitive.Close aria-label="Cerrar" className={`${round} absolute -top-14 right-0`}>
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
          {count > 1 && (
            <>
              <button
                type="button"
                aria-label="Foto anterior"
                onClick={() => move(-1)}
                className={`${round} absolute top-[calc(50%-1rem)] -left-3 -translate-y-1/2 sm:-left-16`}
              >
                <ChevronLeft aria-hidden="true" className="size-6" />
              </button>
              <button
                type="button"
                aria-label="Foto siguiente"
                onClick={() => move(1)}
                className={`${round} absolute top-[calc(50%-1rem)] -right-3 -translate-y-1/2 sm:-right-16`}
              >
                <ChevronRight aria-hidden="true" className="size-6" />
              </button>
            </>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
