import { asc, count, eq, max } from "drizzle-orm";
import { ALL_CATEGORIES, type Category, type CategoryUsage, foldText, slugify } from "../../lib/catalog";
import { audited } from "../audit/audit";
import type { Db } from "../db/client";
import { categories, products } from "../db/schema";
import type { Deps } from "../deps";
import { ConflictError, InvalidInputError, NotFoundError } from "../errors";
import { announceCatalogChange } from "./events";

/**
 * The owner's categories (issue 38; the spec's four are the seed's defaults): add, rename, move,
 * and remove one no product uses. A category's value is its slug, made once from the name it was
 * added with: the shop's links (`?categoria=`) keep working when she renames it. Each change is
 * audited in the same transaction and announced on the catalog topic, so the shop's filters and
 * the products form follow at the next request on every instance.
 *
 * Refusals are typed: InvalidInputError("category-name" | "category-reserved", "label"),
 * ConflictError("category-taken"), CategoryInUseError, NotFoundError("category").
 */

/** Products still use the category: it stays. Carries what the refusal says to the owner. */
export class CategoryInUseError extends ConflictError {
  constructor(
    readonly label: string,
    readonly products: number,
  ) {
    super("category-in-use");
  }
}

/** The categories in the owner's order, each with how many products use it (the admin's list). */
export async function listCategoryUsage(db: Db): Promise<CategoryUsage[]> {
  const rows = await db
    .select({ value: categories.value, label: categories.label, products: count(products.id) })
    .from(categories)
    .leftJoin(products, eq(products.category, categories.value))
    .groupBy(categories.value)
    .orderBy(asc(categories.displayOrder), asc(categories.label));
  return rows.map((r) => ({ ...r, products: Number(r.products) }));
}

/** Every category in order, locked until the transaction ends (the order is rewritten as a whole). */
function lockedCategories(tx: Db) {
  return tx
    .select({ value: categories.value, label: categories.label, displayOrder: categories.displayOrder })
    .from(categories)
    .orderBy(asc(categories.displayOrder), asc(categories.label))
    .for("update");
}

/** Refuses a name another category has already, ignoring case and accents ('comida' = 'Comída'). */
function assertNameFree(all: readonly Category[], label: string, except?: string) {
  const folded = foldText(label);
  if (all.some((c) => c.value !== except && foldText(c.label.trim()) === folded)) {
    throw new ConflictError("category-taken");
  }
}

export async function addCategory({ db, bus, actor }: Deps, label: string): Promise<Category> {
  const name = label.normalize("NFC").trim();
  const value = slugify(name);
  if (!value) throw new InvalidInputError("category-name", "label");
  if (value === ALL_CATEGORIES) throw new InvalidInputError("category-reserved", "label");
  const created = await audited(db, actor ?? null, async (tx) => {
    const all = await lockedCategories(tx);
    assertNameFree(all, name);
    if (all.some((c) => c.value === value)) throw new ConflictError("category-taken");
    const [last] = await tx.select({ n: max(categories.displayOrder) }).from(categories);
    const position = all.length + 1;
    await tx.insert(categories).values({ value, label: name, displayOrder: (last?.n ?? 0) + 1 });
    return {
      result: { value, label: name },
      audit: {
        action: "category.created",
        entityId: value,
        target: name,
        changes: { label: name, position },
      },
    };
  });
  await announceCatalogChange(bus, value, "category");
  return created;
}

/** A new name for people; the value (the shop's links, the products' reference) stays. */
export async function renameCategory(
  { db, bus, actor }: Deps,
  value: string,
  label: string,
): Promise<Category> {
  const name = label.normalize("NFC").trim();
  const renamed = await audited(db, actor ?? null, async (tx) => {
    const all = await lockedCategories(tx);
    const current = all.find((c) => c.value === value);
    if (!current) throw new NotFoundError("category");
    assertNameFree(all, name, value);
    if (current.label === name) return { result: current, audit: null };
    await tx.update(categories).set({ label: name }).where(eq(categories.value, value));
    return {
      result: { value, label: name },
      audit: {
        action: "category.renamed",
        entityId: value,
        target: name,
        changes: { label: [current.label, name] },
      },
    };
  });
  await announceCatalogChange(bus, value, "category");
  return { value: renamed.value, label: renamed.label };
}

/** One place up or down in the shop's filters; the order is written 1…n again. */
export async function moveCategory(
  { db, bus, actor }: Deps,
  value: string,
  direction: "up" | "down",
): Promise<Category & { position: number }> {
  const moved = await audited(db, actor ?? null, async (tx) => {
    const all = await lockedCategories(tx);
    const from = all.findIndex((c) => c.value === value);
    const current = all[from];
    if (!current) throw new NotFoundError("category");
    const to = direction === "up" ? from - 1 : from + 1;
    const other = all[to];
    // Already first or last: nothing moves.
    if (!other) return { result: { value, label: current.label, position: from + 1 }, audit: null };
    const order = [...all];
    order[from] = other;
    order[to] = current;
    for (const [i, c] of order.entries()) {
      if (c.displayOrder !== i + 1) {
        await tx
          .update(categories)
          .set({ displayOrder: i + 1 })
          .where(eq(categories.value, c.value));
      }
    }
    return {
      result: { value, label: current.label, position: to + 1 },
      audit: {
        action: "category.moved",
        entityId: value,
        target: current.label,
        changes: { position: [from + 1, to + 1] },
      },
    };
  });
  await announceCatalogChange(bus, value, "category");
  return moved;
}

/** Removes a category no product uses; one in use is refused with how many use it. */
export async function removeCategory({ db, bus, actor }: Deps, value: string): Promise<Category> {
  const removed = await audited(db, actor ?? null, async (tx) => {
    // Locked first: a product saved meanwhile with this category waits, then finds it gone.
    const [current] = await tx
      .select({ value: categories.value, label: categories.label })
      .from(categories)
      .where(eq(categories.value, value))
      .for("update");
    if (!current) throw new NotFoundError("category");
    const [used] = await tx.select({ n: count() }).from(products).where(eq(products.category, value));
    const n = Number(used?.n ?? 0);
    if (n > 0) throw new CategoryInUseError(current.label, n);
    await tx.delete(categories).where(eq(categories.value, value));
    return {
      result: current,
      audit: {
        action: "category.deleted",
        entityId: value,
        target: current.label,
        changes: { label: current.label },
      },
    };
  });
  await announceCatalogChange(bus, value, "category");
  return removed;
}
