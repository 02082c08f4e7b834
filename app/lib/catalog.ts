/**
 * Products: constants, the shop's URL rules and the accent-folding table the SQL search uses.
 * Browser-safe and free of zod, so the public shop page stays light (the form schema is in
 * catalog-form.ts).
 */

/** docs/product.md §4.4 'Font options' (product form); Inter is the default. */
export const PRODUCT_FONTS = [
  "Inter",
  "Arial",
  "Verdana",
  "Georgia",
  "Times New Roman",
  "Courier New",
  "Poppins",
  "Roboto",
] as const;
export type ProductFont = (typeof PRODUCT_FONTS)[number];

/** The shop card's font when a product has none (docs/product.md §2.3). */
export const CARD_DEFAULT_FONT = "Lexend";
export const DEFAULT_SALE_INFO = "OFERTA";
export const ALL_CATEGORIES = "todos";

/** A category of the owner's table (value: the slug in URLs and on products; label: her name for it). */
export type Category = { value: string; label: string };
/** A category as the admin manages it: with how many products use it (only unused ones can go). */
export type CategoryUsage = Category & { products: number };

/** What the shop and the admin list need of a product. */
export type ProductView = {
  id: string;
  name: string;
  description: string | null;
  category: string | null;
  imageUrl: string | null;
  isOnSale: boolean;
  saleInfo: string | null;
  fontFamily: string;
  stockQuantity: number;
  /** US cents; null = 'Consultar precio'. */
  priceCents: number | null;
  salePriceCents: number | null;
};

/** What staff see of a product beyond the shop: whether it is shown, and the stock kept while sold out. */
export type StaffProductView = ProductView & {
  /** 'Visible' or 'Oculto': a hidden product is absent from the shop, search, sitemap and cart. */
  visible: boolean;
  /** The stock 'Marcar Agotado' kept, which 'Marcar En Stock' brings back. */
  stockBeforeSoldOut: number | null;
};

/**
 * docs/product.md §3.2, keeping the stock (issue 38): above 0 → 0 (the quantity is kept); 0 → the
 * kept quantity, or 1 when none was kept.
 */
export function toggledStock(current: number, kept: number | null = null): number {
  return current > 0 ? 0 : (kept ?? 1);
}

/**
 * Accent folding for the shop search. The server applies the same table with SQL
 * `translate()` to both the column and the query, so PGlite and Postgres agree whatever
 * their locale.
 */
export const ACCENTS_TO = "aaaaaaeeeeiiiiooooouuuuncyyaaaaaaeeeeiiiiooooouuuuncy";
// Trailing combining marks (text typed as 'a' + U+0301) have no counterpart: translate() drops them.
export const ACCENTS_FROM =
  "áàâäãåéèêëíìîïóòôöõúùûüñçýÿÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝ\u0300\u0301\u0302\u0303\u0308";

const FOLD = new Map([...ACCENTS_FROM].map((c, i) => [c, ACCENTS_TO[i] ?? ""]));

/** 'Artesanía' → 'artesania'. */
export function foldText(value: string): string {
  let out = "";
  for (const c of value) out += FOLD.get(c) ?? c;
  return out.toLowerCase();
}

/** The matching rule of docs/product.md §2.3, for one product (the shop runs it in SQL). */
export function productMatches(
  p: Pick<ProductView, "name" | "description" | "category">,
  query: string,
  category: string,
): boolean {
  const q = foldText(query.trim());
  const inText = !q || foldText(p.name).includes(q) || foldText(p.description ?? "").includes(q);
  return inText && (category === ALL_CATEGORIES || p.category === category);
}

/** The shop's filters as they appear in the URL (`?q=…&categoria=…`). */
export type ShopFilters = { q: string; categoria: string; mostrar: number };
export const SHOP_PAGE_SIZE = 24;
const MAX_SHOWN = 2000;

export function readShopFilters(params: URLSearchParams): ShopFilters {
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const categoria = (params.get("categoria") ?? "").trim() || ALL_CATEGORIES;
  const n = Number(params.get("mostrar"));
  const mostrar = Number.isInteger(n) && n > SHOP_PAGE_SIZE ? Math.min(n, MAX_SHOWN) : SHOP_PAGE_SIZE;
  return { q, categoria, mostrar };
}

/** `/tienda?…` for the given filters, leaving defaults out so links stay short. */
export function shopHref(filters: Partial<ShopFilters>): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.categoria && filters.categoria !== ALL_CATEGORIES) params.set("categoria", filters.categoria);
  if (filters.mostrar && filters.mostrar > SHOP_PAGE_SIZE) params.set("mostrar", String(filters.mostrar));
  const qs = params.toString();
  return qs ? `/tienda?${qs}` : "/tienda";
}

/** CSS font-family for a product's text; only letters and spaces reach the style. */
export function productFontStack(fontFamily: string | null | undefined): string {
  const name = (fontFamily ?? "").replace(/[^a-zA-Z ]/g, "").trim() || CARD_DEFAULT_FONT;
  // Fonts that are not installed fall back to the nearest system family.
  if (/georgia|times/i.test(name)) return `"${name}", ui-serif, Georgia, serif`;
  if (/courier/i.test(name)) return `"${name}", ui-monospace, monospace`;
  return `"${name}", ui-sans-serif, system-ui, sans-serif`;
}

/** 'Café Pilón 10 oz' → 'cafe-pilon-10-oz' (at most 60 characters). */
export function slugify(text: string): string {
  return foldText(text.normalize("NFC"))
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** Hex digits of the product id the slug ends with: enough to find it, short enough to share. */
export const SLUG_ID_LENGTH = 8;

/** A product page's slug: its name and the start of its id, so renaming keeps old links working. */
export function productSlug(p: Pick<ProductView, "id" | "name">): string {
  const idPart = p.id.replace(/-/g, "").slice(0, SLUG_ID_LENGTH);
  const name = slugify(p.name);
  return name ? `${name}-${idPart}` : idPart;
}

/** The id prefix a slug ends with, or null when it cannot be a product slug. */
export function slugIdPrefix(slug: string): string | null {
  const m = /(?:^|-)([0-9a-f]{8})$/.exec(slug.toLowerCase());
  return m?.[1] ?? null;
}

export const productHref = (p: Pick<ProductView, "id" | "name">) => `/tienda/${productSlug(p)}`;
