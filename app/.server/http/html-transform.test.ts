import { describe, expect, it, vi } from "vitest";
import { hydrateAfterFirstPaint, lowPriorityModulePreloads } from "./html-transform";

const HTML =
  '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/x.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/></head><body><p>link rel="modulepreload"</p>';

describe("lowPriorityModulePreloads", () => {
  it("marks every script preload as low priority and leaves the rest alone", () => {
    const html = lowPriorityModulePreloads(HTML);
    expect(html.match(/<link rel="modulepreload" fetchPriority="low" href=/g)).toHaveLength(2);
    expect(html).toContain('<link rel="stylesheet" href="/x.css"/>');
    expect(html).toContain('<p>link rel="modulepreload"</p>');
  });
});

const PAGE =
  '<head><link rel="modulepreload" href="/assets/entry.client-1.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/root-2.js" nonce="abc"/><link rel="stylesheet" href="/x.css"/></head>' +
  '<body><main>Hola</main><script nonce="abc">window.__ctx = 1;</script>' +
  '<script nonce="abc" type="module" async="">import * as route0 from "/assets/root-2.js";\nimport("/assets/entry.client-1.js");</script>' +
  '<script nonce="abc">window.__ctx = 2;</script></body>';

describe("hydrateAfterFirstPaint", () => {
  it("takes the preloads out and keeps the bootstrap as inert text beside a starter with the nonce", () => {
    const html = hydrateAfterFirstPaint(PAGE);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script nonce="abc" type="module"');
    expect(html).toContain(
      '<script nonce="abc" type="text/plain" id="rr-boot">import * as route0 from "/assets/root-2.js";\nimport("/assets/entry.client-1.js");</script><script nonce="abc">(function(){',
    );
    expect(html).toContain('p=["/assets/entry.client-1.js","/assets/root-2.js"]');
    expect(html).toContain('getEntriesByName("first-contentful-paint")');
    // Everything else is untouched, in order.
    expect(html).toContain('<link rel="stylesheet" href="/x.css"/></head><body><main>Hola</main>');
    expect(html.endsWith('<script nonce="abc">window.__ctx = 2;</script></body>')).toBe(true);
  });

  it("runs the bootstrap once, as a module with the nonce, after the first contentful paint", async () => {
    const html = hydrateAfterFirstPaint(PAGE);
    const starter = /<script nonce="abc">(\(function\(\)\{[\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    const added: Array<Record<string, string>> = [];
    const frames: Array<() => void> = [];
    const listeners = new Map<string, (event?: unknown) => void>();
    const html_ = { dataset: {} as Record<string, string> };
    const fakeDocument = {
      documentElement: html_,
      readyState: "loading",
      currentScript: { nonce: "abc" },
      getElementById: (id: string) => (id === "rr-boot" ? { textContent: "BOOT" } : null),
      createElement: () => ({}) as Record<string, string>,
      head: { appendChild: (el: Record<string, string>) => added.push(el) },
      body: { appendChild: (el: Record<string, string>) => added.push(el) },
    };
    type PaintList = { getEntriesByName(name: string): unknown[] };
    const observer: { callback?: (list: PaintList, o: { disconnect(): void }) => void } = {};
    class FakeObserver {
      constructor(callback: typeof observer.callback) {
        observer.callback = callback;
      }
      observe() {}
    }
    const fakeWindow = { document: fakeDocument, addEventListener: vi.fn(), __earlyTaps: undefined };
    const run = new Function(
      "document",
      "addEventListener",
      "removeEventListener",
      "PerformanceObserver",
      "window",
      "requestAnimationFrame",
      "setTimeout",
      starter,
    );
    run(
      fakeDocument,
      (type: string, fn: () => void) => listeners.set(type, fn),
      () => {},
      FakeObserver,
      fakeWindow,
      (fn: () => void) => frames.push(fn),
      (fn: () => void) => fn(),
    );
    expect(added).toEqual([]);
    // A load before the first paint (every file at hand) waits for the next frame.
    listeners.get("load")?.();
    expect(added).toEqual([]);
    expect(frames).toHaveLength(1);
    const disconnect = vi.fn();
    observer.callback?.({ getEntriesByName: () => [] }, { disconnect });
    expect(added).toEqual([]);
    observer.callback?.(
      { getEntriesByName: (name: string) => (name === "first-contentful-paint" ? [{}] : []) },
      { disconnect },
    );
    expect(disconnect).toHaveBeenCalled();
    // That frame, a later load or a touch does not run it again.
    for (const frame of frames) frame();
    listeners.get("load")?.();
    listeners.get("pointerdown")?.();
    expect(added).toEqual([
      { rel: "modulepreload", fetchPriority: "low", href: "/assets/entry.client-1.js" },
      { rel: "modulepreload", fetchPriority: "low", href: "/assets/root-2.js" },
      { type: "module", nonce: "abc", textContent: "BOOT" },
    ]);

    // Then the early-tap queue (app/lib/early-taps.ts, tested there) listens from the window.
    expect(fakeWindow.__earlyTaps).toEqual([]);
    expect(fakeWindow.addEventListener).toHaveBeenCalledWith("click", expect.any(Function), true);
  });

  it("leaves a page without React Router's bootstrap as it was, preloads at low priority", () => {
    const html = '<head><link rel="modulepreload" href="/assets/a.js"/></head><body></body>';
    expect(hydrateAfterFirstPaint(html)).toBe(lowPriorityModulePreloads(html));
  });
});

describe("the site fonts' loader", () => {
  const FONTS = '<noscript id="site-fonts"><style>@font-face{font-family:"Poppins"}</style></noscript>';

  it("follows the <noscript> holding a public page's web fonts, with the page's nonce", () => {
    const html = hydrateAfterFirstPaint(PAGE.replace("<head>", `<head>${FONTS}`));
    expect(html).toContain(`<head>${FONTS}<script nonce="abc">(function loadSiteFonts(w)`);
    expect(html.match(/loadSiteFonts/g)).toHaveLength(1);
  });

  it("is not added to a page without them", () => {
    expect(hydrateAfterFirstPaint(PAGE)).not.toContain("loadSiteFonts");
  });
});
