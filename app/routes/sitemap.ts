import type { Route } from "./+types/sitemap";

/** The public pages of docs/product.md §2.11. */
export const PUBLIC_PATHS = [
  "/",
  "/tienda",
  "/tienda-externa",
  "/personal-shop",
  "/nosotros",
  "/servicios",
  "/seguimiento",
  "/contact",
];

export function loader({ context }: Route.LoaderArgs) {
  // PUBLIC_URL, never whatever Host a client sent (app/.server/http/public-origin.ts).
  const origin = context.publicOrigin;
  const urls = PUBLIC_PATHS.map((p) => `  <url><loc>${origin}${p}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
