/**
 * Taps made before a public page has hydrated (docs/decisions/0021-early-taps-and-forms-first.md).
 *
 * Public pages paint long before their scripts run. Links, forms, the menus (the `popover`
 * attribute) work natively in that window; a plain script button (`type="button"`: the cart, the
 * chat, 'Añadir al Carrito', the carousels) does nothing until React has hydrated it. So every
 * tap on such a button before the page is marked hydrated (`<html data-hydrated>`, set by the
 * root once the whole page has hydrated) is queued, in order, and stopped at the window: React,
 * which can handle a click while it hydrates, never sees it. Once one tap waits, every later tap
 * (a link, a menu button) waits behind it, or the replay would undo their order. Once the mark
 * is set, each queued
 * tap is replayed exactly once, in order, each once what the previous one started (a sheet's
 * code, `tapsWaitFor`) has arrived and the page stands still, and at its place: if an earlier tap opened something over
 * that place (the cart sheet), the tap lands on that, as a person's tap would.
 *
 * `captureEarlyTaps` runs inline in the page (html-transform.ts sends its source): it must stay
 * self-contained, without imports or names from this module. `replayEarlyTaps` runs in the app.
 */

/**
 * One queued tap: the control (or what was tapped), the point within it, and where that was in
 * the window; `key` for a click from the keyboard (Enter, Space), which has no place.
 */
export type EarlyTap = { el: Element; key: boolean; dx: number; dy: number; x: number; y: number };

/** A window with its constructors (happy-dom's in the unit tests). */
type Win = Window & typeof globalThis;
type TapWindow = Win & { __earlyTaps?: EarlyTap[] };

/**
 * Installs the queue. Inline in every public page, before the scripts are started; it stops
 * queueing by itself at the first click after the mark. A tap on a plain script button is
 * queued; once one waits, every later tap waits behind it (a link, a menu button, a form's
 * button: stopped, not followed), so that the replay keeps the order they were made in.
 *
 * A control that works without scripts too but does more with them (`data-early-tap`: 'Añadir al
 * Carrito', the header's cart, each a form's button) is queued like a script button. If the page
 * is still not marked GIVE_UP_MS after the first queued tap (its scripts are not coming), the
 * queue gives up: it stops, and the first tap, if it was on such a control, is made natively
 * (the form is posted), so a visitor whose scripts never arrive can still order.
 */
export function captureEarlyTaps(w: Window): void {
  const queue: { el: Element; key: boolean; dx: number; dy: number; x: number; y: number }[] = [];
  (w as Window & { __earlyTaps?: unknown }).__earlyTaps = queue;
  let waiting = false;
  const giveUp = () => {
    if (w.document.documentElement.dataset.hydrated) return;
    w.removeEventListener("click", onClick, true);
    const first = queue.splice(0, queue.length)[0];
    const native = first?.el.closest?.("[data-early-tap]") as HTMLElement | null | undefined;
    native?.click();
  };
  const onClick = (e: MouseEvent) => {
    if (w.document.documentElement.dataset.hydrated) {
      w.removeEventListener("click", onClick, true);
      return;
    }
    const t = e.target as Element | null;
    const script = t?.closest?.('button[type="button"]:not([popovertarget]),[data-early-tap]') ?? null;
    if (!t || (!script && queue.length === 0)) return;
    const el = script ?? t.closest?.("a,button,input,select,textarea,label,summary") ?? t;
    e.preventDefault();
    e.stopImmediatePropagation();
    const box = el.getBoundingClientRect();
    queue.push({
      el,
      key: e.detail === 0,
      dx: e.clientX - box.left,
      dy: e.clientY - box.top,
      x: e.clientX,
      y: e.clientY,
    });
    if (!waiting) {
      waiting = true;
      w.setTimeout(giveUp, 15000);
    }
  };
  w.addEventListener("click", onClick, true);
}

/** How long the queue waits for the page's scripts after its first tap (captureEarlyTaps' literal). */
export const GIVE_UP_MS = 15000;

/** The inline script that installs the queue (for html-transform.ts). */
export function captureEarlyTapsScript(): string {
  // The compiled function, its line breaks and indents taken out (every statement ends with ';').
  return `(${captureEarlyTaps.toString().replace(/\n\s*/g, "")})(window);`;
}

const pending = new Set<Promise<unknown>>();

/**
 * Code a tap starts loading (a sheet or panel loaded on first use): the replay of the next early
 * tap waits until it has arrived, so the next tap finds what this one opened. Returns `work`.
 */
export function tapsWaitFor<T>(work: Promise<T>): Promise<T> {
  pending.add(work);
  const done = () => pending.delete(work);
  work.then(done, done);
  return work;
}

const frame = (w: Win) => new Promise<void>((resolve) => w.requestAnimationFrame(() => resolve()));
const task = (w: Win) => new Promise<void>((resolve) => w.setTimeout(resolve, 0));

/** How long the page must not change before the next tap is replayed, and the most to wait. */
const STILL_MS = 120;
const MOST_MS = 2000;

/**
 * The page stands still: no change to the page for STILL_MS and no finite animation running (a
 * sheet sliding in, a toast arriving), or MOST_MS have passed (an autoplaying carousel).
 */
async function still(w: Win): Promise<void> {
  const start = w.performance.now();
  let changed = start;
  const observer = new w.MutationObserver(() => {
    changed = w.performance.now();
  });
  observer.observe(w.document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  try {
    for (;;) {
      await frame(w);
      const now = w.performance.now();
      if (now - start >= MOST_MS) return;
      const moving = (w.document.getAnimations?.() ?? []).some(
        (a) => a.playState === "running" && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
      );
      if (!moving && now - changed >= STILL_MS) return;
    }
  } finally {
    observer.disconnect();
  }
}

/**
 * What the previous tap started has arrived (`tapsWaitFor`), React has shown it and the page
 * stands still, as a person sees it before tapping again.
 */
async function settled(w: Win): Promise<void> {
  await frame(w);
  while (pending.size > 0) await Promise.allSettled([...pending]);
  await still(w);
  await task(w);
}

/** Resolves once the page carries the hydration mark. */
function marked(w: Win): Promise<void> {
  const root = w.document.documentElement;
  if (root.dataset.hydrated) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new w.MutationObserver(() => {
      if (!root.dataset.hydrated) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
  });
}

/**
 * The tap again, as a person's tap: at the same point of the same control (it may have scrolled),
 * or where the finger was if the control is hidden now (an earlier tap hid it, like the chat
 * button under the open chat on a phone). Whatever is there now takes it: the control, or what
 * an earlier tap opened over it (the cart sheet). A tap from the keyboard goes to its control.
 */
function tapAgain(w: Win, tap: EarlyTap): void {
  const { el } = tap;
  if (tap.key) {
    (el as HTMLElement).click();
    return;
  }
  const box = el.getBoundingClientRect();
  const shown = box.width > 0 || box.height > 0;
  const x = shown ? box.left + tap.dx : tap.x;
  const y = shown ? box.top + tap.dy : tap.y;
  const inView = x >= 0 && y >= 0 && x < w.innerWidth && y < w.innerHeight;
  const hit = inView ? w.document.elementFromPoint(x, y) : null;
  if (!hit) {
    // Scrolled out of view: still the control that was tapped, if it is there at all.
    if (shown) el.dispatchEvent(new w.MouseEvent("click", at(x, y)));
    return;
  }
  const Pointer = w.PointerEvent ?? w.MouseEvent;
  hit.dispatchEvent(new Pointer("pointerdown", at(x, y)));
  hit.dispatchEvent(new w.MouseEvent("mousedown", at(x, y)));
  hit.dispatchEvent(new Pointer("pointerup", at(x, y)));
  hit.dispatchEvent(new w.MouseEvent("mouseup", at(x, y)));
  hit.dispatchEvent(new w.MouseEvent("click", at(x, y)));
}

const at = (x: number, y: number) => ({
  bubbles: true,
  cancelable: true,
  composed: true,
  detail: 1,
  clientX: x,
  clientY: y,
});

let replaying: Promise<number> | null = null;

/**
 * Replays the queued taps once the page is marked hydrated: every tap once, in order. Called by
 * the root when the page has hydrated; later calls replay nothing. Resolves to the number replayed.
 */
export function replayEarlyTaps(w: Win = window): Promise<number> {
  replaying ??= (async () => {
    await marked(w);
    const queue = (w as TapWindow).__earlyTaps;
    // Taken whole at the mark: the capture lets every later click through to React.
    const taps = queue ? queue.splice(0) : [];
    for (const tap of taps) {
      await settled(w);
      if (tap.el.isConnected) tapAgain(w, tap);
    }
    // For the end-to-end tests: the replay is over (the value is how many taps it replayed).
    w.document.documentElement.dataset.tapsReplayed = String(taps.length);
    return taps.length;
  })();
  return replaying;
}

/**
 * Runs `task` once the early taps have all been replayed (at once on a page without any), e.g.
 * to act on what was typed before hydration only after the taps made on what the visitor saw.
 * Returns a cancel function.
 */
export function afterEarlyTaps(task: () => void, w: Win = window): () => void {
  let cancelled = false;
  void replayEarlyTaps(w).then(() => {
    if (!cancelled) task();
  });
  return () => {
    cancelled = true;
  };
}

/** For tests: forget that the taps were replayed. */
export function resetEarlyTapsForTest(): void {
  replaying = null;
  pending.clear();
}
