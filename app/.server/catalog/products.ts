import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  ACCENTS_FROM,
  ACCENTS_TO,
  ALL_CATEGORIES,
  type Category,
  type ProductView,
  productSlug,
  slugIdPrefix,
} from "../../lib/catalog";
import type { ProductInput } from "../../lib/catalog-form";
import { isUuid } from "../../lib/ids";
import type { Db } from "../db/client";
import { categories, products } from "../db/schema";

/** Products and categories: the SQL of the shop and of the admin products tab (docs/product.md §4.4). */

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

/** The shop's page: matching products newest first, at most `limit`, plus the total count. */
export async function searchProducts(
  db: Db,
  opts: { q: string; category: string; limit: number },
): Promise<{ products: ProductView[]; total: number }> {
  const rows = await db
    .select({ ...productColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(productFilter(opts.q, opts.category))
    .orderBy(...newestFirst)
    .limit(opts.limit);
  const total = rows[0]?.total ?? 0;
  return { products: rows.map(({ total: _t, ...p }) => p), total };
}

/** Every product, newest first (the admin list). */
export function listProducts(db: Db): Promise<ProductView[]> {
  return db
    .select(productColumns)
    .from(products)
    .orderBy(...newestFirst);
}

const CATEGORIES_TTL_MS = 60_000;
const categoryCache = new WeakMap<Db, { at: number; list: Promise<Category[]> }>();

/**
 * The shop's categories. Only the seed writes them (at start-up), so every page of the shop does
 * not need to ask the database: a copy is kept a minute per database; a failed read is not kept.
 */
export function listCategories(db: Db): Promise<Category[]> {
  const hit = categoryCache.get(db);
  if (hit && Date.now() - hit.at < CATEGORIES_TTL_MS) return hit.list;
  const list = db
    .select({ value: categories.value, label: categories.label })
    .from(categories)
    .orderBy(asc(categories.displayOrder), asc(categories.label))
    .then((rows) => rows); // run once: a query builder runs again at every await
  const entry = { at: Date.now(), list };
  categoryCache.set(db, entry);
  list.catch(() => {
    if (categoryCache.get(db) === entry) categoryCache.delete(db);
  });
  return list;
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

export async function getProduct(db: Db, id: string): Promise<ProductView | null> {
  if (!isProductId(id)) return null;
  const rows = await db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The products of these ids that still exist (the cart asks how they are now). */
export async function listProductsByIds(db: Db, ids: readonly string[]): Promise<ProductView[]> {
  const valid = [...new Set(ids.filter(isProductId))];
  if (valid.length === 0) return [];
  return db.select(productColumns).from(products).where(inArray(products.id, valid));
}

/**
 * The product a page slug names ('cafe-pilon-1a2b3c4d': the id starts with 1a2b3c4d), and
 * whether the slug is the product's current one (the name may have changed since it was shared).
 */
export async function findProductBySlug(
  db: Db,
  slug: string,
): Promise<{ product: ProductView; canonical: boolean } | null> {
  const prefix = slugIdPrefix(slug);
  if (!prefix) return null;
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(sql`${products.id}::text like ${`${prefix}-%`}`)
    .orderBy(asc(products.createdAt))
    .limit(1);
  const product = rows[0];
  return product ? { product, canonical: productSlug(product) === slug } : null;
}

/** Id and name of every product, newest first (the sitemap's product pages). */
export function listProductSlugs(db: Db, limit = 5000): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .orderBy(...newestFirst)
    .limit(limit);
}

export type ProductValues = ProductInput & { imageUrl: string | null };

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
});

export async function createProduct(db: Db, values: ProductValues): Promise<ProductView> {
  const [row] = await db.insert(products).values(toRow(values)).returning(productColumns);
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Replaces every field of the product; null when it no longer exists. */
export async function updateProduct(db: Db, id: string, values: ProductValues): Promise<ProductView | null> {
  if (!isProductId(id)) return null;
  const [row] = await db
    .update(products)
    .set(toRow(values))
    .where(eq(products.id, id))
    .returning(productColumns);
  return row ?? null;
}

/** docs/product.md §3.2 in one statement: above 0 becomes 0, 0 becomes 1 (two admins cannot interleave). */
export async function toggleProductStock(db: Db, id: string): Promise<ProductView | null> {
  if (!isProductId(id)) return null;
  const [row] = await db
    .update(products)
    .set({ stockQuantity: sql`case when ${products.stockQuantity} > 0 then 0 else 1 end` })
    .where(eq(products.id, id))
    .returning(productColumns);
  return row ?? null;
}

/** Deletes the product and returns what it was (its image must be removed from storage). */
export async function deleteProduct(db: Db, id: string): Promise<ProductView | null> {
  if (!isProductId(id)) return null;
  const [row] = await db.delete(products).where(eq(products.id, id)).returning(productColumns);
  return row ?? null;
}
