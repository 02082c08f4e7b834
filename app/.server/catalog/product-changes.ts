import type { StaffProductView } from "../../lib/catalog";
import type { ProductInput } from "../../lib/catalog-form";
import { type AuditEntry, audited, changedFields, pick } from "../audit/audit";
import type { Deps, FileDeps } from "../deps";
import { InvalidInputError, NotFoundError } from "../errors";
import { announceCatalogChange } from "./events";
import {
  categoryExists,
  createProduct,
  deleteProduct,
  getProduct,
  setProductVisible,
  toggleProductStock,
  updateProduct,
} from "./products";
import { removeProductImage, storeProductImage } from "./uploads";

/**
 * The admin products tab's changes (docs/product.md §3.2, §4.4), with the images they carry.
 * Refusals are typed: NotFoundError("product"), InvalidInputError("category", "category"),
 * UploadError (../storage/uploads). The /admin route says them in Spanish.
 */

/** The fields of a product the audit log compares. */
const AUDITED = [
  "name",
  "description",
  "category",
  "stockQuantity",
  "fontFamily",
  "isOnSale",
  "saleInfo",
  "imageUrl",
  "priceCents",
  "salePriceCents",
  "visible",
] as const;

export type ProductSave = ProductInput & {
  /** The product being edited; absent to add one. */
  id?: string;
  /** A new picture (checked and re-encoded here), or removal of the current one. */
  image?: Blob;
  removeImage?: boolean;
  /** 'Visible en la tienda'; absent keeps the current value (a new product is shown). */
  visible?: boolean;
};

/**
 * Adds or updates a product. A new picture is stored first and removed again if the row cannot
 * be saved; the old picture goes once the row no longer points at it (storage failures there
 * only log a warning).
 */
export async function saveProduct(
  { db, bus, storage, logger, actor }: FileDeps,
  input: ProductSave,
): Promise<{ product: StaffProductView; created: boolean }> {
  const { id, image, removeImage, ...fields } = input;
  // Sale info only means something while the product is on sale.
  const values = {
    ...fields,
    saleInfo: fields.isOnSale ? fields.saleInfo : null,
    salePriceCents: fields.isOnSale ? fields.salePriceCents : null,
  };
  if (!(await categoryExists(db, values.category))) throw new InvalidInputError("category", "category");
  const existing = id ? await getProduct(db, id) : null;
  if (id && !existing) throw new NotFoundError("product");

  let imageUrl = removeImage ? null : (existing?.imageUrl ?? null);
  let uploaded: string | null = null;
  if (image && image.size > 0) {
    uploaded = await storeProductImage(storage, image, logger);
    imageUrl = uploaded;
  }

  let saved: StaffProductView | null;
  try {
    const row = { ...values, imageUrl };
    saved = await audited(db, actor ?? null, async (tx) => {
      const out = existing ? await updateProduct(tx, existing.id, row) : await createProduct(tx, row);
      if (!out) return { result: null, audit: null };
      const audit: AuditEntry = existing
        ? { action: "product.updated", changes: changedFields(existing, out, AUDITED) }
        : { action: "product.created", changes: pick(out, AUDITED) };
      return { result: out, audit: { ...audit, entityId: out.id, target: out.name } };
    });
  } catch (err) {
    await removeProductImage(storage, uploaded, logger);
    throw err;
  }
  if (!saved) {
    await removeProductImage(storage, uploaded, logger);
    throw new NotFoundError("product");
  }
  if (existing?.imageUrl && existing.imageUrl !== saved.imageUrl) {
    await removeProductImage(storage, existing.imageUrl, logger);
  }
  await announceCatalogChange(bus, saved.id, "saved");
  return { product: saved, created: !existing };
}

/**
 * 'Marcar Agotado' / 'Marcar En Stock': above 0 becomes 0 and the quantity is kept; 0 becomes the
 * kept quantity again (1 when none was kept). The log says from what to what.
 */
export async function toggleStock({ db, bus, actor }: Deps, id: string): Promise<StaffProductView> {
  const updated = await audited(db, actor ?? null, async (tx) => {
    const updated = await toggleProductStock(tx, id);
    if (!updated) throw new NotFoundError("product");
    // Sold out now: it had what is kept; available now: it had 0.
    const before = updated.stockQuantity === 0 ? (updated.stockBeforeSoldOut ?? 0) : 0;
    return {
      result: updated,
      audit: {
        action: "product.stock",
        entityId: id,
        target: updated.name,
        changes: { stockQuantity: [before, updated.stockQuantity] },
      },
    };
  });
  await announceCatalogChange(bus, id, "stock");
  return updated;
}

/**
 * 'Visible' / 'Oculto'. Announced as a save is: every instance's page cache drops the shop pages,
 * so a hidden product leaves the shop, its page and the sitemap at the next request.
 */
export async function setVisibility(
  { db, bus, actor }: Deps,
  id: string,
  visible: boolean,
): Promise<StaffProductView> {
  const { product, changed } = await audited(db, actor ?? null, async (tx) => {
    const out = await setProductVisible(tx, id, visible);
    if (!out) throw new NotFoundError("product");
    const changed = out.before !== visible;
    return {
      result: { product: out.product, changed },
      audit: changed
        ? {
            action: "product.visibility",
            entityId: id,
            target: out.product.name,
            changes: { visible: [out.before, visible] },
          }
        : null,
    };
  });
  if (changed) await announceCatalogChange(bus, id, "saved");
  return product;
}

/** Deletes the product and its stored picture. */
export async function removeProduct(
  { db, bus, storage, logger, actor }: FileDeps,
  id: string,
): Promise<StaffProductView> {
  const deleted = await audited(db, actor ?? null, async (tx) => {
    const gone = await deleteProduct(tx, id);
    if (!gone) throw new NotFoundError("product");
    return {
      result: gone,
      audit: { action: "product.deleted", entityId: id, target: gone.name, changes: pick(gone, AUDITED) },
    };
  });
  await announceCatalogChange(bus, id, "deleted");
  await removeProductImage(storage, deleted.imageUrl, logger);
  return deleted;
}
