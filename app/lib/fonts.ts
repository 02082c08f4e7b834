// The web font files, as Vite asset URLs.
import inter_400 from "@fontsource/inter/files/inter-latin-400-normal.woff2?url";
import inter_600 from "@fontsource/inter/files/inter-latin-600-normal.woff2?url";
import inter_700 from "@fontsource/inter/files/inter-latin-700-normal.woff2?url";
import lato_400 from "@fontsource/lato/files/lato-latin-400-normal.woff2?url";
import lato_700 from "@fontsource/lato/files/lato-latin-700-normal.woff2?url";
import lexend_400 from "@fontsource/lexend/files/lexend-latin-400-normal.woff2?url";
import lexend_600 from "@fontsource/lexend/files/lexend-latin-600-normal.woff2?url";
import lexend_700 from "@fontsource/lexend/files/lexend-latin-700-normal.woff2?url";
import montserrat_400 from "@fontsource/montserrat/files/montserrat-latin-400-normal.woff2?url";
import montserrat_600 from "@fontsource/montserrat/files/montserrat-latin-600-normal.woff2?url";
import montserrat_700 from "@fontsource/montserrat/files/montserrat-latin-700-normal.woff2?url";
import nunito_400 from "@fontsource/nunito/files/nunito-latin-400-normal.woff2?url";
import nunito_600 from "@fontsource/nunito/files/nunito-latin-600-normal.woff2?url";
import nunito_700 from "@fontsource/nunito/files/nunito-latin-700-normal.woff2?url";
import opensans_400 from "@fontsource/open-sans/files/open-sans-latin-400-normal.woff2?url";
import opensans_600 from "@fontsource/open-sans/files/open-sans-latin-600-normal.woff2?url";
import opensans_700 from "@fontsource/open-sans/files/open-sans-latin-700-normal.woff2?url";
import poppins_400 from "@fontsource/poppins/files/poppins-latin-400-normal.woff2?url";
import poppins_600 from "@fontsource/poppins/files/poppins-latin-600-normal.woff2?url";
import poppins_700 from "@fontsource/poppins/files/poppins-latin-700-normal.woff2?url";
import roboto_400 from "@fontsource/roboto/files/roboto-latin-400-normal.woff2?url";
import roboto_600 from "@fontsource/roboto/files/roboto-latin-600-normal.woff2?url";
import roboto_700 from "@fontsource/roboto/files/roboto-latin-700-normal.woff2?url";
import { FALLBACK_FACES } from "./font-fallbacks";

/**
 * The self-hosted web fonts (latin subset, woff2; Lato ships no 600) and how pages load them
 * (docs/decisions/0016-rendering-costs-and-fonts.md):
 * - the site's own fonts (the font chosen in settings, and the headings' Montserrat) have a
 *   fallback in the document's <head>: a local font scaled to the family's metrics
 *   (font-fallbacks.ts), so the text takes the same room in either. A staff page declares the
 *   web files there too (`siteFontFaces`, `font-display: optional`); a public page fetches them
 *   only after its load on a first visit, and from its first paint once this browser has them
 *   (`loadSiteFonts`);
 * - a product's font is declared only for cards on the page, once the page has loaded
 *   (`loadFontsLater`), so it never competes with the page's largest paint.
 */
export const FONT_FILES: Record<string, Partial<Record<FontWeight, string>>> = {
  Inter: { 400: inter_400, 600: inter_600, 700: inter_700 },
  Lato: { 400: lato_400, 700: lato_700 },
  Lexend: { 400: lexend_400, 600: lexend_600, 700: lexend_700 },
  Montserrat: { 400: montserrat_400, 600: montserrat_600, 700: montserrat_700 },
  Nunito: { 400: nunito_400, 600: nunito_600, 700: nunito_700 },
  "Open Sans": { 400: opensans_400, 600: opensans_600, 700: opensans_700 },
  Poppins: { 400: poppins_400, 600: poppins_600, 700: poppins_700 },
  Roboto: { 400: roboto_400, 600: roboto_600, 700: roboto_700 },
};
export type FontWeight = 400 | 600 | 700;

/** The headings' family (app.css --font-heading): part of the site's own fonts. */
export const HEADING_FONT = "Montserrat";

const face = (family: string, weight: number, url: string) =>
  `@font-face{font-family:"${family}";font-style:normal;font-display:optional;font-weight:${weight};src:url(${url}) format("woff2")}`;

const siteFamilies = (siteFont: string) => new Set([siteFont, HEADING_FONT]);

/**
 * @font-face rules for the site font and the heading font (each weight; the browser fetches the
 * ones used), and their metric-matched fallbacks: what a staff page declares in its <head>.
 * A public page declares only the fallbacks there (`siteFallbackFaces`); its web fonts come by
 * `loadSiteFonts`.
 */
export function siteFontFaces(siteFont: string): string {
  return siteWebFaces(siteFont) + siteFallbackFaces(siteFont);
}

/** The site font's and the heading font's web files, as @font-face rules. */
export function siteWebFaces(siteFont: string): string {
  let css = "";
  for (const family of siteFamilies(siteFont))
    for (const [weight, url] of Object.entries(FONT_FILES[family] ?? {}))
      css += face(family, Number(weight), url);
  return css;
}

/** The local, metric-scaled fallbacks of the site font and the heading font. */
export function siteFallbackFaces(siteFont: string): string {
  let css = "";
  for (const family of siteFamilies(siteFont)) css += FALLBACK_FACES[family] ?? "";
  return css;
}

/** The id of a public page's `<noscript>` holding its web font rules (read by `loadSiteFonts`). */
export const SITE_FONTS_ID = "site-fonts";

/**
 * A public page's web fonts, without ever competing with its first paint
 * (docs/decisions/0016-rendering-costs-and-fonts.md, addendum 5). The page holds their
 * @font-face rules in `<noscript id="site-fonts">`: applied as they are without JavaScript,
 * inert text with it. Run inline in the <head> right after that element:
 * - once this browser has loaded these very files (a flag in localStorage), the rules are applied
 *   before the first paint: the files come from its cache, in time (`font-display: optional`);
 * - otherwise the page paints in the scaled fallbacks, and the faces are declared once the page
 *   has loaded and the browser is idle: the files its text uses come after the page's own images
 *   and scripts, and are swapped in as they arrive (the fallbacks take the same room).
 * Must stay self-contained (no imports, no names from this module): its source is sent inline.
 */
export function loadSiteFonts(w: Window & typeof globalThis): void {
  const d = w.document;
  const holder = d.getElementById("site-fonts");
  if (!holder) return;
  // With scripting on, a <noscript>'s content is raw text: its <style> tags are part of it.
  const css = (holder.textContent || "").replace(/<\/?style[^>]*>/g, "");
  const faces = [...css.matchAll(/font-family:"([^"]+)";[^}]*?font-weight:(\d+);src:url\(([^)]+)\)/g)];
  const key = faces.map((f) => f[3]).join(" ");
  let cached = false;
  try {
    cached = w.localStorage.getItem("siteFonts") === key;
  } catch (_) {}
  if (cached) {
    const style = d.createElement("style");
    style.textContent = css;
    d.head.appendChild(style);
    return;
  }
  // Declared, not loaded: the browser fetches the faces the page's text uses, as with the rules.
  const load = () => {
    d.fonts.addEventListener("loadingdone", () => {
      try {
        w.localStorage.setItem("siteFonts", key);
      } catch (_) {}
    });
    for (const f of faces)
      d.fonts.add(
        new w.FontFace(f[1] || "", `url(${f[3]}) format("woff2")`, { weight: f[2], display: "swap" }),
      );
  };
  // Older Safari has no requestIdleCallback.
  const idle = () =>
    typeof w.requestIdleCallback === "function"
      ? w.requestIdleCallback(load, { timeout: 2000 })
      : w.setTimeout(load, 200);
  if (d.readyState === "complete") idle();
  else w.addEventListener("load", idle, { once: true });
}

/** `loadSiteFonts` as an inline script's text. */
export function loadSiteFontsScript(): string {
  // The compiled function, its line breaks and indents taken out (every statement ends with ';').
  return `(${loadSiteFonts.toString().replace(/\n\s*/g, "")})(window);`;
}

/** A self-hosted family followed by its scaled fallbacks, for a CSS font stack. */
export function withFallbacks(family: string): string {
  return FALLBACK_FACES[family]
    ? `"${family}","${family} Fallback","${family} Fallback Roboto"`
    : `"${family}"`;
}

const requested = new Set<string>();

/**
 * Declares and loads the given families' weights through the FontFace API once the page has
 * loaded (and the browser is idle): text drawn in them swaps in when they arrive. Families without
 * files (system fonts such as Georgia) and faces already declared are skipped. Browser only.
 */
export function loadFontsLater(wanted: { family: string; weights: FontWeight[] }[]): void {
  if (typeof document === "undefined" || !("fonts" in document)) return;
  const run = () => {
    for (const { family, weights } of wanted) {
      for (const weight of weights) {
        const url = FONT_FILES[family]?.[weight];
        const key = `${family}:${weight}`;
        if (!url || requested.has(key) || declared(family, weight)) continue;
        requested.add(key);
        const font = new FontFace(family, `url(${url}) format("woff2")`, {
          weight: String(weight),
          display: "swap",
        });
        document.fonts.add(font);
        font.load().catch(() => {});
      }
    }
  };
  const idle = () =>
    "requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/** Whether a face of that family and weight is declared already (the site's fonts in <head>). */
function declared(family: string, weight: number): boolean {
  for (const f of document.fonts) {
    if (f.family.replace(/["']/g, "") === family && f.weight === String(weight)) return true;
  }
  return false;
}
