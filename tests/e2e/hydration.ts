// Holding a public page in the moment before it hydrates, as a visitor on a slow phone meets it
// (docs/decisions/0021-early-taps-and-forms-first.md).
//
//   const held = await holdHydration(page);
//   await held.goto("/contact");               // painted, no script has run
//   await page.getByLabel("Nombre").fill("Ana"); // type, tap, submit...
//   await held.hydrate();                      // scripts run, React hydrates, the page is marked
//
// Two windows are held. Until `hydrate()` the page's scripts (/assets/*.js) are not answered, so
// nothing but the browser handles what the test does. Inside `hydrate()`, once React has hydrated,
// the root's `<html data-hydrated>` mark is held back while `between` runs: React already handles
// events, the early-tap queue does not know it yet (the race the queue must survive). Every later
// page load of this Page (a form posted before hydration, say) is held the same way until
// `hydrate()` is called for it; after that, pages load normally.
import type { Page } from "@playwright/test";

type HeldWindow = Window & { __markHeld?: () => boolean; __releaseMark?: () => void };

export type HeldHydration = {
  /** Opens a path and waits until it shows (its first heading), without waiting for its scripts. */
  goto: (path: string) => Promise<void>;
  /** Lets the page hydrate; `between` runs after React has hydrated and before the page is marked. */
  hydrate: (between?: () => Promise<void>) => Promise<void>;
};

let holders = 0;

export async function holdHydration(page: Page): Promise<HeldHydration> {
  // Each holder frees its pages with a session flag of its own: a later holder holds again.
  const flag = `e2e-hydration-${++holders}`;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  // The mark is held on every page load until this holder's hydrate() frees it.
  await page.addInitScript((flag) => {
    if (sessionStorage.getItem(flag) === "free") return;
    const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "dataset");
    if (!own?.get) return;
    const read = own.get;
    let held: string | undefined;
    Object.defineProperty(HTMLElement.prototype, "dataset", {
      configurable: true,
      get(this: HTMLElement) {
        const ds: DOMStringMap = read.call(this);
        if (this !== document.documentElement) return ds;
        return new Proxy(ds, {
          set(target, key, value) {
            if (key === "hydrated" && held === undefined) held = String(value);
            else target[key as string] = String(value);
            return true;
          },
        });
      },
    });
    const w = window as HeldWindow;
    w.__markHeld = () => held !== undefined;
    w.__releaseMark = () => {
      read.call(document.documentElement).hydrated = held;
    };
  }, flag);
  return {
    goto: async (path) => {
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await page.getByRole("heading", { level: 1 }).waitFor();
    },
    hydrate: async (between) => {
      release();
      await page.waitForFunction(() => (window as HeldWindow).__markHeld?.() === true);
      if (between) await between();
      await page.evaluate((flag) => {
        sessionStorage.setItem(flag, "free");
        (window as HeldWindow).__releaseMark?.();
      }, flag);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    },
  };
}
