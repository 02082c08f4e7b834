/**
 * Where a toast goes (docs/product.md §5 'Timing'): at the top, centred (356 px wide from 600 px
 * up, the screen's width less 12 px each side on phones), in the first band tall enough for it
 * below every control marked `data-toast-clear` that it would otherwise cover — the frames'
 * headers (navigation, cart, account), a dialog's or sheet's close button, the inbox's
 * conversation bar. The staff bottom bar, the chat button and panel, and sheets' footers are
 * below it. Browser only.
 */

/** Sonner's widths (its `--width` and mobile breakpoint). */
const DESKTOP_WIDTH = 356;
const MOBILE_BREAKPOINT = 600;
const MOBILE_MARGIN = 12;
/** A toast with a title and two lines of description, close button included. */
export const TOAST_HEIGHT = 96;
const GAP = 8;

export type Box = { top: number; bottom: number; left: number; right: number };

/** The toast's horizontal span at this viewport width. */
export function toastSpan(viewportWidth: number): { left: number; right: number } {
  if (viewportWidth < MOBILE_BREAKPOINT) {
    return { left: MOBILE_MARGIN, right: viewportWidth - MOBILE_MARGIN };
  }
  const left = (viewportWidth - DESKTOP_WIDTH) / 2;
  return { left, right: left + DESKTOP_WIDTH };
}

/**
 * The top of the first band below `start` where a toast covers none of `boxes` (the controls
 * to keep reachable), within the viewport's height.
 */
export function clearTop(boxes: Box[], viewport: { width: number; height: number }): number {
  const span = toastSpan(viewport.width);
  let top = viewport.width < MOBILE_BREAKPOINT ? MOBILE_MARGIN : 16;
  const inSpan = boxes
    .filter((b) => b.bottom > 0 && b.top < viewport.height && b.right > span.left && b.left < span.right)
    .sort((a, b) => a.top - b.top);
  for (const b of inSpan) {
    if (b.top < top + TOAST_HEIGHT && b.bottom + GAP > top) top = b.bottom + GAP;
  }
  return Math.max(0, Math.min(Math.round(top), viewport.height - TOAST_HEIGHT));
}

/** clearTop for what the page shows now. */
export function toastTopNow(): number {
  const boxes = [...document.querySelectorAll<HTMLElement>("[data-toast-clear]")]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  return clearTop(boxes, { width: window.innerWidth, height: window.innerHeight });
}
