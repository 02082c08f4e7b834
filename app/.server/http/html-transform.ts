import { captureEarlyTapsScript } from "../../lib/early-taps";
import { loadSiteFontsScript, SITE_FONTS_ID } from "../../lib/fonts";

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULEPRELOAD_TAG = '<link rel="modulepreload"';
const LOW_PRIORITY = '<link rel="modulepreload" fetchPriority="low"';
// React Router's bootstrap: the route modules' imports, the manifest and the hydration call.
const BOOT = /<script nonce="([^"]*)" type="module" async="">/;
const CAPTURE = captureEarlyTapsScript();
const FONTS_HOLDER = `<noscript id="${SITE_FONTS_ID}">`;
const LOAD_FONTS = loadSiteFontsScript();

/**
 * Marks React Router's script preloads as low priority in a rendered page. The page is
 * server-rendered and readable without JavaScript, so on a slow phone connection the CSS, the
 * fonts and the hero image should win the bandwidth; the scripts (hydration) come right after.
 * React Router renders those links itself and offers no option for their priority.
 */
export function lowPriorityModulePreloads(html: string): string {
  return html.replaceAll(MODULEPRELOAD_TAG, LOW_PRIORITY);
}

/**
 * Starts a public page's scripts once its first content is painted (or at the visitor's first
 * touch or key, or at the first frame after load, whichever comes first) instead of with the HTML
 * (docs/decisions/0016, addendum 2; after load, a frame later: a page whose files were all at hand
 * loads before it paints, and its scripts must not come between the first and largest paints).
 * They are fetched at low priority: the page's pictures go first. Even at low priority, ~150 KB of scripts requested with the HTML shared a slow
 * line with the CSS, the fonts and the largest picture: on 3G they pushed the first and largest
 * paints past 4 s. The page reads, and its links and forms work, before they arrive; they bring
 * the cart, the chat and client-side navigation. Scripts added before `load` still
 * delay it, so a page that has loaded has also started hydrating, as before.
 *
 * A tap on a plain script button (the chat, the cart, 'Añadir al Carrito') before the page has
 * hydrated is queued and replayed once it has, every tap once and in order
 * (`app/lib/early-taps.ts`); links, forms and the menus (`popover`) work natively meanwhile.
 *
 * React Router's preload links are taken out and its bootstrap module becomes inert text
 * (`type="text/plain"`); a small inline script with the same CSP nonce later adds the preloads
 * and runs the bootstrap as a module. A page without that bootstrap is returned as it was.
 *
 * The site's web fonts, held in `<noscript id="site-fonts">`, get their inline loader right after
 * that element, with the same nonce (`loadSiteFonts` in app/lib/fonts.ts).
 */
export function hydrateAfterFirstPaint(html: string): string {
  const boot = BOOT.exec(html);
  if (!boot) return lowPriorityModulePreloads(html);
  const hrefs: string[] = [];
  const withoutPreloads = html.replace(MODULEPRELOAD, (_tag, href: string) => {
    hrefs.push(href);
    return "";
  });
  const nonce = boot[1] ?? "";
  const at = withoutPreloads.indexOf(boot[0]);
  const end = withoutPreloads.indexOf("</script>", at) + "</script>".length;
  const inert = withoutPreloads
    .slice(at, end)
    .replace(boot[0], `<script nonce="${nonce}" type="text/plain" id="rr-boot">`);
  const started = `${withoutPreloads.slice(0, at)}${inert}<script nonce="${nonce}">${starter(hrefs)}</script>${withoutPreloads.slice(end)}`;
  return withFontLoader(started, nonce);
}

function withFontLoader(html: string, nonce: string): string {
  const holder = html.indexOf(FONTS_HOLDER);
  if (holder < 0) return html;
  const after = html.indexOf("</noscript>", holder) + "</noscript>".length;
  return `${html.slice(0, after)}<script nonce="${nonce}">${LOAD_FONTS}</script>${html.slice(after)}`;
}

/** The inline starter: ~1 KB, no dependency, runs once; then the early-tap queue. */
function starter(hrefs: string[]): string {
  // JSON of asset paths cannot hold "</script>": they are /assets/... file names.
  return `(function(){var d=document,n=d.currentScript.nonce,p=${JSON.stringify(hrefs)},s=0,e=["pointerdown","keydown","touchstart"];function go(){if(s)return;s=1;e.forEach(function(t){removeEventListener(t,go,true)});p.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.fetchPriority="low";l.href=h;d.head.appendChild(l)});var x=d.createElement("script");x.type="module";x.nonce=n;x.textContent=d.getElementById("rr-boot").textContent;d.body.appendChild(x)}if(d.readyState==="complete")go();else{try{new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true})}catch(_){requestAnimationFrame(function(){requestAnimationFrame(go)})}addEventListener("load",function(){requestAnimationFrame(function(){setTimeout(go,0)})});e.forEach(function(t){addEventListener(t,go,{capture:true,passive:true})})}})();${CAPTURE}`;
}
