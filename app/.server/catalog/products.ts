import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  ACCENTS_FROM,
  ACCENTS_TO,
  ALL_CATEGORIES,
  type Category,
  type ProductView,
  productSlug,
  type StaffProductView,
  slugIdPrefix,
} from "../../lib/catalog";
import type { ProductInput } from "../../lib/catalog-form";
import { TOPICS } from "../../lib/events";
import { isUuid } from "../../lib/ids";
import type { Db } from "../db/client";
import { categories, products } from "../db/schema";
import type { EventBus } from "../events/bus";
import { createBusCache } from "../events/bus-cache";

/**
 * Products and categories: the SQL of the shop and of the admin products tab (docs/product.md §4.4).
 * What visitors reach (the shop, its search and counts, product pages, the sitemap, the cart) only
 * ever sees visible products: the filter is here, in every query they use, never in a route.
 */

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  category: products.category,
  imageUrl: products.imageUrl,
  isOnSale: products.isOnSale,
  saleInfo: products.saleInfo,
  fontFamily: products.fontFamily,
  stockQuantity: products.stockQuantity,
  priceCents: products.priceCents,
  salePriceCents: products.salePriceCents,
};

/** What staff see as well: whether the product is shown, and the stock kept while sold out. */
const staffColumns = {
  ...productColumns,
  visible: products.visible,
  stockBeforeSoldOut: products.stockBeforeSoldOut,
};

/** The products visitors may see ('Oculto' ones are for staff only). */
const shown = eq(products.visible, true);

const newestFirst = [desc(products.createdAt), desc(products.id)];

/** Case- and accent-insensitive form of a text, computed the same way for column and query. */
const fold = (value: SQL | string) => sql`lower(translate(${value}, ${ACCENTS_FROM}, ${ACCENTS_TO}))`;

/** docs/product.md §2.3: the search text in name or description, and the category unless 'todos'. */
export function productFilter(q: string, category: string): SQL | undefined {
  const conditions: SQL[] = [];
  const text = q.normalize("NFC").trim();
  if (text) {
    const needle = fold(text);
    conditions.push(
      sql`(strpos(${fold(sql`${products.name}`)}, ${needle}) > 0 or strpos(${fold(sql`coalesce(${products.description}, '')`)}, ${needle}) > 0)`,
    );
  }
  if (category && category !== ALL_CATEGORIES) conditions.push(eq(products.category, category));
  return conditions.length ? and(...conditions) : undefined;
}

/** The shop's page: matching visible products newest first, at most `limit`, plus the total count. */
export async function searchProducts(
  db: Db,
  opts: { q: string; category: string; limit: number },
): Promise<{ products: ProductView[]; total: number }> {
  const rows = await db
    .select({ ...productColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(and(shown, productFilter(opts.q, opts.category)))
    .orderBy(...newestFirst)
    .limit(opts.limit);
  const total = rows[0]?.total ?? 0;
  return { products: rows.map(({ total: _t, ...p }) => p), total };
}

/** Every product, hidden ones too, newest first (the admin list). */
export function listProducts(db: Db): Promise<StaffProductView[]> {
  return db
    .select(staffColumns)
    .from(products)
    .orderBy(...newestFirst);
}

/** The categories in the owner's order. */
function readCategories(db: Db): Promise<Category[]> {
  return db
    .select({ value: categories.value, label: categories.label })
    .from(categories)
    .orderBy(asc(categories.displayOrder), asc(categories.label));
}

const categoryCaches = new WeakMap<EventBus, { get(): Promise<Category[]> }>();

/**
 * The shop's categories (the owner edits them in the products tab). With the instance's `bus` a
 * copy is kept in memory and dropped by every change on the catalog topic, on every instance
 * (category-changes.ts announces there); without one, the table is read.
 */
export function listCategories(db: Db, bus?: EventBus): Promise<Category[]> {
  if (!bus) return readCategories(db);
  let cache = categoryCaches.get(bus);
  if (!cache) {
    cache = createBusCache({
      bus,
      topic: TOPICS.catalog,
      load: async () => ({ value: await readCategories(db), keep: true }),
    });
    categoryCaches.set(bus, cache);
  }
  return cache.get();
}

export async function categoryExists(db: Db, value: string): Promise<boolean> {
  const rows = await db
    .select({ value: categories.value })
    .from(categories)
    .where(eq(categories.value, value))
    .limit(1);
  return rows.length > 0;
}

export const isProductId = isUuid;

/** A product, hidden or not (the admin's changes). */
export async function getProduct(db: Db, id: string): Promise<StaffProductView | null> {
  if (!isProductId(id)) return null;
  const rows = await db.select(staffColumns).from(products).where(eq(products.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * The visible products of these ids (the cart asks how they are now): a product deleted or
 * hidden since it was added is absent, so it cannot be ordered.
 */
export async function listProductsByIds(db: Db, ids: readonly string[]): Promise<ProductView[]> {
  const valid = [...new Set(ids.filter(isProductId))];
  if (valid.length === 0) return [];
  return db
    .select(productColumns)
    .from(products)
    .where(and(shown, inArray(products.id, valid)));
}

/**
 * What a product page's slug names: the product ('cafe-pilon-1a2b3c4d': the id starts with
 * 1a2b3c4d) and whether the slug is its current one (the name may have changed since it was
 * shared); "hidden" when it is 'Oculto' and the reader is no staff member (`withHidden` false),
 * who learns nothing more of it; null when there is no such product.
 */
export type ProductLookup = { product: StaffProductView; canonical: boolean } | "hidden" | null;

export async function findProductBySlug(
  db: Db,
  slug: string,
  opts: { withHidden?: boolean } = {},
): Promise<ProductLookup> {
  const prefix = slugIdPrefix(slug);
  if (!prefix) return null;
  const rows = await db
    .select(staffColumns)
    .from(products)
    .where(sql`${products.id}::text like ${`${prefix}-%`}`)
    .orderBy(asc(products.createdAt))
    .limit(1);
  const product = rows[0];
  if (!product) return null;
  if (!product.visible && !opts.withHidden) return "hidden";
  return { product, canonical: productSlug(product) === slug };
}

/** Id and name of every visible product, newest first (the sitemap's product pages). */
export function listProductSlugs(db: Db, limit = 5000): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(shown)
    .orderBy(...newestFirst)
    .limit(limit);
}

/** A product's fields as the form saves them; `visible` left out keeps the current value (new: shown). */
export type ProductValues = ProductInput & { imageUrl: string | null; visible?: boolean };

const toRow = (v: ProductValues) => ({
  name: v.name.normalize("NFC"),
  description: v.description?.normalize("NFC") ?? null,
  category: v.category,
  imageUrl: v.imageUrl,
  isOnSale: v.isOnSale,
  saleInfo: v.saleInfo,
  fontFamily: v.fontFamily,
  stockQuantity: v.stockQuantity,
  priceCents: v.priceCents,
  salePriceCents: v.salePriceCents,
  ...(v.visible === undefined ? {} : { visible: v.visible }),
});

export async function createProduct(db: Db, values: ProductValues): Promise<StaffProductView> {
  const [row] = await db.insert(products).values(toRow(values)).returning(staffColumns);
  if (!row) throw new Error("insert returned no row");
  return row;
}

/**
 * Replaces every field of the product; null when it no longer exists. The stock kept by 'Marcar
 * Agotado' stays only while the product stays at 0: a stock typed in the form replaces it.
 */
export async function updateProduct(
  db: Db,
  id: string,
  values: ProductValues,
): Promise<StaffProductView | null> {
  if (!isProductId(id)) return null;
  const [row] = await db
    .update(products)
    .set({
      ...toRow(values),
      stockBeforeSoldOut: sql`case when ${products.stockQuantity} = 0 and ${values.stockQuantity} = 0 then ${products.stockBeforeSoldOut} end`,
    })
    .where(eq(products.id, id))
    .returning(staffColumns);
  return row ?? null;
}

/**
 * docs/product.md §3.2, keeping the stock (issue 38), in one statement so two admins cannot
 * interleave: above 0 becomes 0 and the quantity is kept; 0 becomes the kept quantity (or 1) and
 * nothing stays kept. The right-hand sides all read the row as it was.
 */
export async function toggleProductStock(db: Db, id: string): Promise<StaffProductView | null> {
  if (!isProductId(id)) return null;
  const [row] = await db
    .update(products)
    .set({
      stockQuantity: sql`case when ${products.stockQuantity} > 0 then 0 else coalesce(${products.stockBeforeSoldOut}, 1) end`,
      stockBeforeSoldOut: sql`case when ${products.stockQuantity} > 0 then ${products.stockQuantity} end`,
    })
    .where(eq(products.id, id))
    .returning(staffColumns);
  return row ?? null;
}

/** 'Visible' or 'Oculto'; the product as it was and as it is now, or null when it no longer exists. */
export async function setProductVisible(
  db: Db,
  id: string,
  visible: boolean,
): Promise<{ before: boolean; product: StaffProductView } | null> {
  if (!isProductId(id)) return null;
  const [old] = await db
    .select({ visible: products.visible })
    .from(products)
    .where(eq(products.id, id))
    .for("update");
  if (!old) return null;
  const [row] = await db.update(products).set({ visible }).where(eq(products.id, id)).returning(staffColumns);
  return row ? { before: old.visible, product: row } : null;
}

/** Deletes the product and returns what it was (its image must be removed from storage). */
export async function deleteProduct(db: Db, id: string): Promise<StaffProductView | null> {
  if (!isProductId(id)) return null;
  const [row] = await db.delete(products).where(eq(products.id, id)).returning(staffColumns);
  return row ?? null;
}
