import { marketScene } from "~/.server/content/demo-art/market-scene";
import type { Route } from "./+types/hero-default";

// Drawn once per process: the picture never changes between builds.
let svg: string | null = null;

/**
 * The built-in hero picture (DEFAULT_HERO_IMAGE): the landing hero shows it when there is neither
 * an active hero image nor a banner (docs/product.md §3.5). A vector drawing: one small file
 * that is sharp at every screen width.
 */
export function loader(_: Route.LoaderArgs) {
  svg ??= marketScene();
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      // An SVG opened on its own is a document: it may run nothing and load nothing.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
