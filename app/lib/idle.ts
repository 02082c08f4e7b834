const INPUT = ["pointerdown", "pointermove", "touchstart", "keydown", "wheel"] as const;

/**
 * Runs `task` once, at the visitor's first touch, key, wheel or mouse movement on the page: for
 * code no first paint needs but a tap soon might (the cart sheet, the toasts, the lightbox, the
 * quote dialog). A visitor who only reads never downloads it (ADR 0016, addendum 3: a first
 * visit's scripts); one who acts has it by the time a tap's `click` arrives, and a tap made before
 * that still waits for it (`useLoaded`, app/lib/early-taps.ts). Returns a cancel function.
 * Browser only.
 */
export function whenVisitorActs(task: () => void): () => void {
  let done = false;
  const run = () => {
    cancel();
    if (!done) {
      done = true;
      task();
    }
  };
  const cancel = () => {
    for (const type of INPUT) window.removeEventListener(type, run, true);
  };
  for (const type of INPUT) window.addEventListener(type, run, { capture: true, passive: true });
  return () => {
    done = true;
    cancel();
  };
}
