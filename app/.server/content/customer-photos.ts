import { asc, count, eq, max } from "drizzle-orm";
import {
  CUSTOMER_PHOTO_DEFAULT_ALT,
  MAX_CUSTOMER_PHOTOS,
  MAX_STORED_CUSTOMER_PHOTOS,
} from "../../lib/customer-photos";
import type { Db } from "../db/client";
import { type Tx, withLock } from "../db/locks";
import { aboutUsCarouselImages as photos } from "../db/schema";
import type { FileDeps } from "../deps";
import { ConflictError, isUniqueViolation } from "../errors";
import { priorResult, rememberResult } from "../request-keys";
import { removeStoredImage, uniqueName } from "../storage/images";
import { storeUpload } from "../storage/uploads";
import {
  announce,
  auditImages,
  IMAGE_BUCKET,
  removeImageRow,
  reorderRows,
  saveAltText,
  updateImage,
} from "./image-rows";

/**
 * The 'Carrusel Clientes' tab's changes (docs/product.md §3.2, §4.8): the about page
 * shows the active photos in display order (./about.ts). At most 10 active photos (only active
 * images count) and 30 kept in all, counted under one advisory lock so uploads and
 * switches at once cannot pass them. Refusals are typed: ConflictError("customer-photo-limit" |
 * "customer-photo-active-limit" | "customer-photo-stored-limit" | "image-order-stale"),
 * NotFoundError("image"), UploadError.
 */

const target = { table: photos, lock: "customerPhotos", kind: "customer-photos" } as const;

export type CustomerPhotoAdmin = { id: string; imageUrl: string; altText: string; isActive: boolean };

/** Every photo in display order, for the tab. */
export async function listCustomerPhotos(db: Db): Promise<CustomerPhotoAdmin[]> {
  const rows = await db
    .select({ id: photos.id, imageUrl: photos.imageUrl, altText: photos.altText, isActive: photos.isActive })
    .from(photos)
    .orderBy(asc(photos.displayOrder), asc(photos.createdAt));
  return rows.map((r) => ({ ...r, altText: r.altText?.trim() || CUSTOMER_PHOTO_DEFAULT_ALT }));
}

async function photoCounts(q: Db | Tx): Promise<{ active: number; stored: number }> {
  const [all] = await q.select({ n: count() }).from(photos);
  const [active] = await q.select({ n: count() }).from(photos).where(eq(photos.isActive, true));
  return { active: active?.n ?? 0, stored: all?.n ?? 0 };
}

/** Why one more active photo cannot be added, or null. */
function addRefusal({ active, stored }: { active: number; stored: number }): ConflictError | null {
  if (active >= MAX_CUSTOMER_PHOTOS) return new ConflictError("customer-photo-limit");
  if (stored >= MAX_STORED_CUSTOMER_PHOTOS) return new ConflictError("customer-photo-stored-limit");
  return null;
}

/**
 * Stores one uploaded photo (checked, re-encoded to 300x300 WebP) and adds it last, active,
 * with the spec's alt text 'Cliente satisfecho'. The stored file is removed again if the row
 * cannot be saved (the limit was reached meanwhile, or the database failed).
 */
export async function addCustomerPhoto(
  deps: FileDeps,
  image: Blob,
  requestKey: string | null = null,
): Promise<{ id: string }> {
  const { db, storage, logger } = deps;
  // The same upload sent again (its request key): what it did the first time.
  const prior = await priorResult<{ id: string }>(db, requestKey);
  if (prior) return prior;
  // A cheap look first, so a full tab costs no re-encode; the check under the lock is the one that counts.
  const early = addRefusal(await photoCounts(db));
  if (early) throw early;
  const url = await storeUpload(deps, image, {
    kind: "customer",
    bucket: IMAGE_BUCKET,
    key: `customer-carousel/${uniqueName()}.webp`,
  });
  let id: string;
  try {
    id = await withLock(db, "customerPhotos", async (tx) => {
      const refusal = addRefusal(await photoCounts(tx));
      if (refusal) throw refusal;
      const [last] = await tx.select({ order: max(photos.displayOrder) }).from(photos);
      const [row] = await tx
        .insert(photos)
        .values({
          imageUrl: url,
          altText: CUSTOMER_PHOTO_DEFAULT_ALT,
          displayOrder: (last?.order ?? -1) + 1,
          isActive: true,
        })
        .returning({ id: photos.id });
      if (!row) throw new Error("insert returned no row");
      await auditImages(tx, deps, target.kind, "added", row.id);
      await rememberResult(tx, requestKey, { id: row.id });
      return row.id;
    });
  } catch (err) {
    await removeStoredImage(storage, IMAGE_BUCKET, url, logger);
    const raced = isUniqueViolation(err) ? await priorResult<{ id: string }>(db, requestKey) : null;
    if (raced) return raced;
    throw err;
  }
  await announce(deps, target.kind);
  return { id };
}

/**
 * The 'Activo' switch: an inactive photo stays in the tab but leaves the about page. Switching
 * one on while 10 are active is refused (ConflictError "customer-photo-active-limit").
 */
export async function setCustomerPhotoActive(deps: FileDeps, id: string, isActive: boolean): Promise<void> {
  await withLock(deps.db, "customerPhotos", async (tx) => {
    if (isActive) {
      const [row] = await tx.select({ isActive: photos.isActive }).from(photos).where(eq(photos.id, id));
      if (row && !row.isActive && (await photoCounts(tx)).active >= MAX_CUSTOMER_PHOTOS) {
        throw new ConflictError("customer-photo-active-limit");
      }
    }
    await updateImage(tx, target, id, { isActive });
    await auditImages(tx, deps, target.kind, isActive ? "activated" : "deactivated", id);
  });
  await announce(deps, target.kind);
}

/** Deletes a photo and its stored file; `filesRemoved` is false when only the row went (docs/product.md §4.8: a warning). */
export function removeCustomerPhoto(deps: FileDeps, id: string): Promise<{ filesRemoved: boolean }> {
  return removeImageRow(deps, { ...target, id });
}

/** Drag-and-drop or the move buttons: every photo in its new order. */
export function reorderCustomerPhotos(deps: FileDeps, ids: string[]): Promise<void> {
  return reorderRows(deps, { ...target, first: 0 }, ids);
}

export function saveCustomerPhotoAltText(deps: FileDeps, id: string, altText: string): Promise<void> {
  return saveAltText(deps, target, id, altText);
}
