import { asc, count, max } from "drizzle-orm";
import { CUSTOMER_PHOTO_DEFAULT_ALT, MAX_CUSTOMER_PHOTOS } from "../../lib/customer-photos";
import type { WithActor } from "../audit/audit";
import type { Db } from "../db/client";
import { type Tx, withLock } from "../db/locks";
import { aboutUsCarouselImages as photos } from "../db/schema";
import { ConflictError } from "../errors";
import type { Services } from "../services";
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
 * shows the active photos in display order (./about.ts). At most 10 photos, active or not,
 * counted under one advisory lock so uploads at once cannot pass it. Refusals are typed:
 * ConflictError("customer-photo-limit" | "image-order-stale"), NotFoundError("image"), UploadError.
 */

type Deps = Pick<Services, "db" | "bus" | "storage" | "logger"> & WithActor;
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

async function photoCount(q: Db | Tx): Promise<number> {
  const [row] = await q.select({ n: count() }).from(photos);
  return row?.n ?? 0;
}

/**
 * Stores one uploaded photo (checked, re-encoded to 300x300 WebP) and adds it last, active,
 * with the spec's alt text 'Cliente satisfecho'. The stored file is removed again if the row
 * cannot be saved (the limit was reached meanwhile, or the database failed).
 */
export async function addCustomerPhoto(deps: Deps, image: Blob): Promise<{ id: string }> {
  const { db, storage, logger } = deps;
  // A cheap look first, so a full tab costs no re-encode; the check under the lock is the one that counts.
  if ((await photoCount(db)) >= MAX_CUSTOMER_PHOTOS) throw new ConflictError("customer-photo-limit");
  const url = await storeUpload(deps, image, {
    kind: "customer",
    bucket: IMAGE_BUCKET,
    key: `customer-carousel/${uniqueName()}.webp`,
  });
  let id: string;
  try {
    id = await withLock(db, "customerPhotos", async (tx) => {
      if ((await photoCount(tx)) >= MAX_CUSTOMER_PHOTOS) throw new ConflictError("customer-photo-limit");
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
      return row.id;
    });
  } catch (err) {
    await removeStoredImage(storage, IMAGE_BUCKET, url, logger);
    throw err;
  }
  await announce(deps, target.kind);
  return { id };
}

/** The 'Activo' switch: an inactive photo stays in the tab but leaves the about page. */
export async function setCustomerPhotoActive(deps: Deps, id: string, isActive: boolean): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await updateImage(tx, target, id, { isActive });
    await auditImages(tx, deps, target.kind, isActive ? "activated" : "deactivated", id);
  });
  await announce(deps, target.kind);
}

/** Deletes a photo and its stored file; `filesRemoved` is false when only the row went (SPEC §8.5 warning). */
export function removeCustomerPhoto(deps: Deps, id: string): Promise<{ filesRemoved: boolean }> {
  return removeImageRow(deps, { ...target, id });
}

/** Drag-and-drop or the move buttons: every photo in its new order. */
export function reorderCustomerPhotos(deps: Deps, ids: string[]): Promise<void> {
  return reorderRows(deps, { ...target, first: 0 }, ids);
}

export function saveCustomerPhotoAltText(deps: Deps, id: string, altText: string): Promise<void> {
  return saveAltText(deps, target, id, altText);
}
