import { z } from "zod";

/**
 * Products: the form schema shared by the admin form and its action, the shop's URL rules
 * and the accent-folding table the SQL search uses. Browser-safe.
 */

/** SPEC §3 'Font options' (product form); Inter is the default. */
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

/** The shop card's font when a product has none (SPEC §2.4). */
export const CARD_DEFAULT_FONT = "Lexend";
export const DEFAULT_SALE_INFO = "OFERTA";
export const ALL_CATEGORIES = "todos";
export const FALLBACK_CATEGORY = "artesanía";

export const MAX_PRODUCT_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_TOO_LARGE = "La imagen es demasiado grande (máx 10MB).";
/** Browser-side resize target (SPEC §9). */
export const PRODUCT_RESIZE = { maxWidth: 800, maxHeight: 800, quality: 0.9 } as const;

export type Category = { value: string; label: string };

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
};

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => (v ? v : null));

/** SPEC §5 'Product form': name, stock quantity and category required; stock an integer ≥ 0. */
export const productFormSchema = z.object({
  name: z
    .string({ error: "El nombre del producto es obligatorio." })
    .trim()
    .min(1, "El nombre del producto es obligatorio.")
    .max(200, "El nombre no puede superar los 200 caracteres."),
  description: optionalText(2000, "La descripción no puede superar los 2000 caracteres."),
  stockQuantity: z
    .string({ error: "La cantidad en stock es obligatoria." })
    .trim()
    .min(1, "La cantidad en stock es obligatoria.")
    .regex(/^-?\d+$/, "La cantidad en stock debe ser un número entero.")
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(0, "La cantidad en stock no puede ser negativa.")
        .max(1_000_000, "La cantidad en stock es demasiado grande."),
    ),
  category: z.string({ error: "Selecciona una categoría." }).trim().min(1, "Selecciona una categoría."),
  fontFamily: z
    .enum(PRODUCT_FONTS, { error: "Selecciona una fuente de la lista." })
    .optional()
    .default("Inter"),
  isOnSale: z
    .enum(["on", "true", "false", ""])
    .optional()
    .transform((v) => v === "on" || v === "true"),
  saleInfo: optionalText(60, "La información de la oferta no puede superar los 60 caracteres."),
});
export type ProductInput = z.output<typeof productFormSchema>;
export type ProductFieldErrors = Partial<Record<keyof ProductInput, string>>;

/** Parses the product form's text fields; errors are one Spanish message per field. */
export function parseProductForm(
  values: Record<string, unknown>,
): { ok: true; data: ProductInput } | { ok: false; fieldErrors: ProductFieldErrors } {
  const result = productFormSchema.safeParse(values);
  if (result.success) {
    const data = result.data;
    // Sale info only means something while the product is on sale.
    return { ok: true, data: { ...data, saleInfo: data.isOnSale ? data.saleInfo : null } };
  }
  const fieldErrors: ProductFieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof ProductInput | undefined;
    if (key && !fieldErrors[key]) fieldErrors[key] = issue.message;
  }
  return { ok: false, fieldErrors };
}

/** SPEC §4.5: 0 → 1, anything above 0 → 0. */
export function toggledStock(current: number): number {
  return current > 0 ? 0 : 1;
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

/** The matching rule of SPEC §2.4, for one product (the shop runs it in SQL). */
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
export const SHOP_PAGE_SIZE = 48;
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

/** The prefilled WhatsApp message for a product (or the generic shipping request). */
export function productWhatsappText(name?: string | null): string {
  return name
    ? `Hola, me interesa el producto "${name}" de la tienda. ¿Me pueden dar el precio y las opciones de envío?`
    : "Hola, quisiera información para comprar productos de la tienda y enviarlos.";
}

/** CSS font-family for a product's text; only letters and spaces reach the style. */
export function productFontStack(fontFamily: string | null | undefined): string {
  const name = (fontFamily ?? "").replace(/[^a-zA-Z ]/g, "").trim() || CARD_DEFAULT_FONT;
  // Fonts that are not installed fall back to the nearest system family.
  if (/georgia|times/i.test(name)) return `"${name}", ui-serif, Georgia, serif`;
  if (/courier/i.test(name)) return `"${name}", ui-monospace, monospace`;
  return `"${name}", ui-sans-serif, system-ui, sans-serif`;
}
