/**
 * The public pages (docs/product.md §2), each listed once. The route table (app/routes.ts), the
 * sitemap, the page cache's list of pages it may keep and the menus are derived from this list,
 * and the benchmarks and tests that visit every page read it: a new public page is its folder
 * `app/routes/<page>/` and one entry here (app/routes.test.ts proves it).
 *
 * No imports: React Router's Vite plugin reads it at build time (through routes.ts), bench/ through
 * tsx, the header and footer in the browser.
 */

/**
 * What a page's content depends on, so the page cache drops its copy when that changes: `site`
 * (texts, settings, hero, banner, photos), `catalog` (products).
 */
export type CacheTag = "site" | "catalog";

export type PublicPage = {
  /** The URL as React Router writes it: "/", "/tienda", "/tienda/:slug". */
  path: string;
  /** The route module, from app/: "routes/<page>/route.tsx". */
  file: string;
  /**
   * In the menus (header, phone menu, footer) in this list's order; `shop` pages form the 'Tienda'
   * submenu, which sits where its first page is.
   */
  nav?: { label: string; group: "main" | "shop"; description?: string };
  /** Listed in /sitemap.xml. A page with a parameter never is: the sitemap lists the products itself. */
  sitemap: boolean;
  /**
   * A visitor without a session may get a kept copy (docs/decisions/0022-page-cache.md): the query
   * parameters the page may carry (any other is not cached) and what its content depends on.
   * Without it, never cached.
   */
  cache?: { params: readonly string[]; tags: readonly CacheTag[] };
};

const SITE: CacheTag[] = ["site"];

export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    path: "/",
    file: "routes/home/route.tsx",
    nav: { label: "Inicio", group: "main" },
    sitemap: true,
    cache: { params: [], tags: SITE },
  },
  {
    path: "/nosotros",
    file: "routes/nosotros/route.tsx",
    nav: { label: "Nosotros", group: "main" },
    sitemap: true,
    cache: { params: [], tags: SITE },
  },
  {
    path: "/servicios",
    file: "routes/servicios/route.tsx",
    nav: { label: "Servicios", group: "main" },
    sitemap: true,
    cache: { params: [], tags: SITE },
  },
  {
    path: "/tienda",
    file: "routes/tienda/route.tsx",
    nav: {
      label: "Nuestra Tienda",
      group: "shop",
      description: "Ropa, calzado, comida típica y artesanías.",
    },
    sitemap: true,
    cache: { params: ["q", "categoria", "mostrar"], tags: ["site", "catalog"] },
  },
  {
    path: "/tienda/:slug",
    file: "routes/tienda-producto/route.tsx",
    sitemap: false,
    cache: { params: [], tags: ["site", "catalog"] },
  },
  {
    path: "/tienda-externa",
    file: "routes/tienda-externa/route.tsx",
    nav: {
      label: "Tiendas Externas",
      group: "shop",
      description: "Cotiza artículos de tiendas en línea de EE. UU.",
    },
    sitemap: true,
    // `?tienda=` is a marketplace tab as a link (it works before the scripts run).
    cache: { params: ["tienda"], tags: SITE },
  },
  {
    path: "/personal-shop",
    file: "routes/personal-shop/route.tsx",
    nav: { label: "Personal Shop", group: "shop", description: "Compramos por ti y lo enviamos a tu país." },
    sitemap: true,
    cache: { params: [], tags: SITE },
  },
  {
    path: "/seguimiento",
    file: "routes/seguimiento/route.tsx",
    nav: { label: "Seguimiento", group: "main" },
    sitemap: true,
    // The empty look-up form only: a result (`?numero=`) is never cached (see the ADR).
    cache: { params: [], tags: SITE },
  },
  {
    path: "/contact",
    file: "routes/contact/route.tsx",
    nav: { label: "Contáctenos", group: "main" },
    sitemap: true,
    cache: { params: [], tags: SITE },
  },
  // The cart without scripts (app/lib/cart-lines.ts): one browser's own, so neither in the
  // sitemap nor ever kept by the page cache (no `cache`).
  { path: "/carrito", file: "routes/carrito/route.tsx", sitemap: false },
  // The staff sign-in wears the public frame but is nobody's destination from the site.
  { path: "/admin-login", file: "routes/admin-login/route.tsx", sitemap: false },
  // A parcel notice's unsubscribe link (issue 40): one address's own, never listed nor kept.
  { path: "/correo/baja/:token", file: "routes/mail-unsubscribe/route.tsx", sitemap: false },
];

/** The pages /sitemap.xml lists (the benchmarks and the outage tests visit the same ones). */
export function sitemapPaths(pages: readonly PublicPage[] = PUBLIC_PAGES): string[] {
  return pages.filter((p) => p.sitemap).map((p) => p.path);
}
