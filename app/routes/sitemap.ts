import { listProductSlugs } from "~/.server/catalog/products";
import { productHref } from "~/lib/catalog";
import { sitemapPaths } from "~/lib/pages";
import type { Route } from "./+types/sitemap";

/** The public pages of docs/product.md §2.11, as the page registry marks them. */
const PUBLIC_PATHS: readonly string[] = sitemapPaths();

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export async function loader({ context }: Route.LoaderArgs) {
  // PUBLIC_URL, never whatever Host a client sent (app/.server/http/public-origin.ts).
  const origin = context.publicOrigin;
  let productPaths: string[] = [];
  try {
    productPaths = (await listProductSlugs(context.services.db)).map(productHref);
  } catch (err) {
    // The public pages are still worth listing when the database does not answer.
    context.services.logger.warn({ err }, "sitemap: product list failed");
  }
  const urls = [...PUBLIC_PATHS, ...productPaths]
    .map((p) => `  <url><loc>${xmlEscape(`${origin}${p}`)}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
