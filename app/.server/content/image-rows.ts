import { asc, eq, type SQL } from "drizzle-orm";
import type { AuditCarousel, AuditImageChange } from "../../lib/audit";
import type { SiteChangeKind } from "../../lib/events";
import { recordAudit, type WithActor } from "../audit/audit";
import type { Db } from "../db/client";
import { type LOCKS, type Tx, withLock } from "../db/locks";
import type { aboutUsCarouselImages, heroGalleryImages } from "../db/schema";
import type { FileDeps } from "../deps";
import { ConflictError, NotFoundError } from "../errors";
import { removeStoredImage } from "../storage/images";
import { announceSiteChange } from "./site";

/**
 * What the hero images and the customer photos do alike (docs/product.md §3.2, §3.6): both are
 * rows of pictures in the site-assets bucket with a display order and an alt text, changed by
 * the admin and announced on the `site` topic so every instance shows the change.
 */

/** Hero images and customer photos live in this bucket (docs/product.md §4.8). */
export const IMAGE_BUCKET = "site-assets" as const;

type ImageTable = typeof heroGalleryImages | typeof aboutUsCarouselImages;
type Target = { table: ImageTable; kind: SiteChangeKind & AuditCarousel };
type LockedTarget = Target & { lock: keyof typeof LOCKS };

export const announce = (deps: Pick<FileDeps, "bus">, kind: SiteChangeKind) =>
  announceSiteChange(deps.bus, kind);

/** The audit row of a change to a carousel's images, written in the change's transaction. */
export function auditImages(
  tx: Db,
  deps: WithActor,
  kind: AuditCarousel,
  what: AuditImageChange,
  id?: string | null,
  more: Record<string, unknown> = {},
) {
  return recordAudit(tx, deps.actor ?? null, {
    action: "site.images",
    entityId: id ?? null,
    target: kind,
    changes: { what, ...more },
  });
}

// Drizzle's builders do not accept a union of tables. The functions below only use the columns
// both tables have (id, image_url, display_order, alt_text, is_active), so typing either table as
// the hero one builds the right SQL for it.
const asHero = (table: ImageTable) => table as typeof heroGalleryImages;

/**
 * Saves a new order: `ids` must be exactly the rows `scope` selects (else someone changed the
 * list meanwhile: ConflictError("image-order-stale")); they get `first`, `first + 1`, ...
 */
export async function reorderRows(
  deps: FileDeps,
  target: LockedTarget & { first: number },
  ids: string[],
  scope?: SQL,
): Promise<void> {
  const t = asHero(target.table);
  await withLock(deps.db, target.lock, async (tx) => {
    const current = await tx.select({ id: t.id }).from(t).where(scope).orderBy(asc(t.displayOrder));
    const known = new Set(current.map((r) => r.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw new ConflictError("image-order-stale");
    }
    for (const [i, id] of ids.entries()) {
      await tx
        .update(t)
        .set({ displayOrder: target.first + i })
        .where(eq(t.id, id));
    }
    await auditImages(tx, deps, target.kind, "reordered");
  });
  await announce(deps, target.kind);
}

/**
 * Deletes one row under the lock (after `check`, which may refuse), then its stored files.
 * A failure to remove the files only logs a warning: `filesRemoved` says whether they went.
 */
export async function removeImageRow(
  deps: FileDeps,
  target: LockedTarget & { id: string },
  check?: (tx: Tx, row: { displayOrder: number }) => Promise<void>,
): Promise<{ filesRemoved: boolean }> {
  const t = asHero(target.table);
  const url = await withLock(deps.db, target.lock, async (tx) => {
    const [row] = await tx
      .select({ imageUrl: t.imageUrl, displayOrder: t.displayOrder })
      .from(t)
      .where(eq(t.id, target.id));
    if (!row) throw new NotFoundError("image");
    await check?.(tx, row);
    await tx.delete(t).where(eq(t.id, target.id));
    await auditImages(tx, deps, target.kind, "deleted", target.id);
    return row.imageUrl;
  });
  await announce(deps, target.kind);
  const filesRemoved = await removeStoredImage(deps.storage, IMAGE_BUCKET, url, deps.logger);
  return { filesRemoved };
}

/** The alt text the carousels and the lightbox read for one image. */
export async function saveAltText(
  deps: FileDeps,
  target: Target,
  id: string,
  altText: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await updateImage(tx, target, id, { altText });
    await auditImages(tx, deps, target.kind, "alt-text", id, { altText });
  });
  await announce(deps, target.kind);
}

/** Updates one row's columns; NotFoundError("image") when it is gone. */
export async function updateImage(
  db: Db,
  target: Target,
  id: string,
  values: { altText?: string; isActive?: boolean },
): Promise<void> {
  const t = asHero(target.table);
  const rows = await db.update(t).set(values).where(eq(t.id, id)).returning({ id: t.id });
  if (rows.length === 0) throw new NotFoundError("image");
}
