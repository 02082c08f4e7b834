import { describe, expect, it } from "vitest";
import { FALLBACK_FACES } from "./font-fallbacks";
import {
  FONT_FILES,
  HEADING_FONT,
  loadSiteFontsScript,
  SITE_FONTS_ID,
  siteFallbackFaces,
  siteFontFaces,
  siteWebFaces,
  withFallbacks,
} from "./fonts";
import { SITE_FONTS } from "./site";

describe("siteFontFaces", () => {
  it("declares only the site's font and the headings' font, each weight it ships", () => {
    const css = siteFontFaces("Nunito");
    const families = new Set([...css.matchAll(/font-family:"([^"]+)"/g)].map((m) => m[1]));
    const fallbacks = (f: string) => [`${f} Fallback`, `${f} Fallback Roboto`];
    expect(families).toEqual(
      new Set(["Nunito", HEADING_FONT, ...fallbacks("Nunito"), ...fallbacks(HEADING_FONT)]),
    );
    expect(css.match(/src:url\(/g)).toHaveLength(6);
    // The first paint never waits for a web font (docs/decisions/0016-rendering-costs-and-fonts.md).
    expect(css.match(/font-display:optional/g)).toHaveLength(6);
    expect(css).not.toContain("font-display:swap");
    expect(siteFontFaces("Lato").match(/font-family:"Lato"/g)).toHaveLength(2); // Lato ships no 600
  });

  it("is the web files' rules (a public page's <noscript>) followed by the fallbacks (its <head>)", () => {
    expect(siteFontFaces("Nunito")).toBe(siteWebFaces("Nunito") + siteFallbackFaces("Nunito"));
    expect(siteWebFaces("Nunito")).not.toContain("local(");
    expect(siteFallbackFaces("Nunito")).not.toContain("url(");
  });

  it("follows each family with local fonts scaled to its metrics, regular and bold", () => {
    expect(withFallbacks("Poppins")).toBe('"Poppins","Poppins Fallback","Poppins Fallback Roboto"');
    expect(withFallbacks("Georgia")).toBe('"Georgia"');
    for (const family of Object.keys(FONT_FILES)) {
      const css = FALLBACK_FACES[family] ?? "";
      expect(css.match(/@font-face/g), family).toHaveLength(4);
      expect(css).toMatch(/font-weight:600 900;src:local\("Arial Bold"\)/);
      expect(css).toMatch(/size-adjust:\d+\.\d+%;ascent-override:\d+\.\d+%/);
    }
  });

  it("the generated fallbacks are what scripts/font-fallbacks.mjs makes from the metrics", async () => {
    // @ts-expect-error: a plain .mjs script without types
    const { fallbackFaces } = await import("../../scripts/font-fallbacks.mjs");
    expect(FALLBACK_FACES).toEqual(await fallbackFaces());
  });

  it("has files for every font the settings offer", () => {
    for (const font of SITE_FONTS) expect(Object.keys(FONT_FILES[font] ?? {}).length).toBeGreaterThan(0);
  });
});

describe("loadSiteFonts (inline in public pages)", () => {
  const RULES = siteWebFaces("Poppins");
  const URLS = [...RULES.matchAll(/src:url\(([^)]+)\)/g)].map((m) => m[1]);

  /** A page holding the rules in its <noscript>, as a browser with scripting on reads it: raw text. */
  function page(stored: string | null | Error) {
    const head: { textContent: string }[] = [];
    const fonts: { family: string; src: string; weight: string; display: string }[] = [];
    const fontListeners: Array<() => void> = [];
    const listeners = new Map<string, () => void>();
    const storage = new Map<string, string>();
    if (typeof stored === "string") storage.set("siteFonts", stored);
    const w = {
      document: {
        readyState: "loading",
        getElementById: (id: string) =>
          id === SITE_FONTS_ID ? { textContent: `<style>${RULES}</style>` } : null,
        createElement: () => ({ textContent: "" }),
        head: { appendChild: (el: { textContent: string }) => head.push(el) },
        fonts: {
          add: (f: (typeof fonts)[number]) => fonts.push(f),
          addEventListener: (_type: string, fn: () => void) => fontListeners.push(fn),
        },
      },
      localStorage: {
        getItem: (k: string) => {
          if (stored instanceof Error) throw stored;
          return storage.get(k) ?? null;
        },
        setItem: (k: string, v: string) => {
          if (stored instanceof Error) throw stored;
          storage.set(k, v);
        },
      },
      FontFace: class {
        constructor(
          public family: string,
          public src: string,
          d: { weight: string; display: string },
          public weight = d.weight,
          public display = d.display,
        ) {}
      },
      addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
      setTimeout: (fn: () => void) => fn(),
    };
    new Function("window", loadSiteFontsScript())(w);
    return { head, fonts, fontListeners, listeners, storage };
  }

  it("on a first visit declares nothing before the page has loaded, then each face, swapped in", () => {
    const p = page(null);
    expect(p.head).toEqual([]);
    expect(p.fonts).toEqual([]);
    p.listeners.get("load")?.();
    expect(p.fonts.map((f) => `${f.family} ${f.weight}`)).toEqual([
      "Poppins 400",
      "Poppins 600",
      "Poppins 700",
      `${HEADING_FONT} 400`,
      `${HEADING_FONT} 600`,
      `${HEADING_FONT} 700`,
    ]);
    expect(p.fonts[0]?.src).toBe(`url(${URLS[0]}) format("woff2")`);
    expect(p.fonts.every((f) => f.display === "swap")).toBe(true);
    expect(p.storage.has("siteFonts")).toBe(false);
    for (const done of p.fontListeners) done();
    expect(p.storage.get("siteFonts")).toBe(URLS.join(" "));
  });

  it("once these files have loaded here, applies the rules before the first paint", () => {
    const p = page(URLS.join(" "));
    expect(p.head).toHaveLength(1);
    expect(p.head[0]?.textContent).toBe(RULES);
    expect(p.listeners.has("load")).toBe(false);
    expect(p.fonts).toEqual([]);
  });

  it("other files (the site's font changed) or no storage: as a first visit", () => {
    for (const stored of ["/assets/old-font.woff2", new Error("SecurityError")]) {
      const p = page(stored);
      expect(p.head).toEqual([]);
      p.listeners.get("load")?.();
      expect(p.fonts).toHaveLength(6);
      for (const done of p.fontListeners) done();
    }
  });
});
