import { asc, count, eq, gt, ne } from "drizzle-orm";
import {
  HERO_DEFAULT_ALT,
  HERO_STYLE_DEFAULTS,
  type HeroCarouselSettings,
  type HeroStyleSettings,
  MAX_HERO_IMAGES,
} from "../../lib/hero";
import {
  FOCAL_DEFAULT,
  type FocalPoint,
  focalAfterStyle,
  HERO_FRAME_AUDIT,
  type HeroOverlay,
} from "../../lib/hero-frame";
import { recordAudit } from "../audit/audit";
import type { Db } from "../db/client";
import { type Tx, withLock } from "../db/locks";
import { heroGalleryImages as hero, heroCarouselSettings } from "../db/schema";
import type { FileDeps } from "../deps";
import { ConflictError, isUniqueViolation, NotFoundError } from "../errors";
import type { Logger } from "../logger";
import { priorResult, rememberResult } from "../request-keys";
import { removeStoredImage, uniqueName } from "../storage/images";
import { storeUpload } from "../storage/uploads";
import { loadHeroCarouselConfig } from "./hero";
import { brightnessOrNull } from "./hero-brightness";
import { announce, auditImages, IMAGE_BUCKET, removeImageRow, reorderRows, saveAltText } from "./image-rows";

/**
 * Changes to the landing hero (docs/product.md §3.6, §4.8): display order 0 is the main image,
 * the others the gallery. Every rule that counts images runs under one advisory lock, so two
 * admins (or two instances) uploading at once cannot pass the limit. Refusals are typed:
 * ConflictError("hero-limit" | "hero-main-in-use" | "image-order-stale"), NotFoundError("image").
 */

export type HeroImageAdmin = {
  id: string;
  imageUrl: string;
  altText: string;
  displayOrder: number;
  style: HeroStyleSettings;
  /** The point kept in view on every screen, in % (app/lib/hero-frame.ts). */
  focalX: number;
  focalY: number;
  overlay: HeroOverlay;
  /** Mean lightness 0–100 measured at upload; null for a picture never measured. */
  brightness: number | null;
};

/** Every hero image in display order (main first), for /admin/hero-images. */
export async function listHeroImages(db: Db): Promise<HeroImageAdmin[]> {
  const rows = await db
    .select({
      id: hero.id,
      imageUrl: hero.imageUrl,
      altText: hero.altText,
      displayOrder: hero.displayOrder,
      style: hero.styleSettings,
      focalX: hero.focalX,
      focalY: hero.focalY,
      overlay: hero.overlay,
      brightness: hero.brightness,
    })
    .from(hero)
    .orderBy(asc(hero.displayOrder), asc(hero.createdAt));
  return rows.map((r) => ({
    ...r,
    altText: r.altText?.trim() || HERO_DEFAULT_ALT,
    style: { ...HERO_STYLE_DEFAULTS, ...r.style },
  }));
}

/** docs/product.md §4.8: only active images count towards the 6. */
async function activeCount(q: Db | Tx): Promise<number> {
  const [row] = await q.select({ n: count() }).from(hero).where(eq(hero.isActive, true));
  return row?.n ?? 0;
}

/** docs/product.md §4.8: a new gallery image takes the lowest positive order nobody uses. */
export function lowestUnusedOrder(used: number[]): number {
  const taken = new Set(used);
  let order = 1;
  while (taken.has(order)) order++;
  return order;
}

/**
 * 'Guardar Nueva Imagen Principal' (replaces the main picture, or adds it when there is none)
 * and 'Añadir a la Galería'. The picture is checked and stored first, and removed again when the
 * row cannot be saved; a replaced main picture's files go once the row no longer points at them.
 */
export async function uploadHeroImage(
  deps: FileDeps,
  input: { image: Blob; target: "main" | "gallery"; by: string | null; requestKey?: string | null },
): Promise<{ id: string; replaced: boolean }> {
  const { db, storage, logger } = deps;
  // The same upload sent again (its request key): what it did the first time.
  const prior = await priorResult<{ id: string; replaced: boolean }>(db, input.requestKey);
  if (prior) return prior;
  // A cheap look first, so a full carousel costs no re-encode; the check under the lock is the one that counts.
  const [main] = await db.select({ id: hero.id }).from(hero).where(eq(hero.displayOrder, 0)).limit(1);
  if ((input.target === "gallery" || !main) && (await activeCount(db)) >= MAX_HERO_IMAGES) {
    throw new ConflictError("hero-limit");
  }
  const folder = input.target === "main" ? "hero-main" : "hero-gallery";
  const url = await storeUpload(deps, input.image, {
    kind: "hero",
    bucket: IMAGE_BUCKET,
    key: `public/${folder}/${uniqueName()}.webp`,
  });
  // How light the picture is, for the landing's 'auto' overlay (checked as an image just above).
  const brightness = await brightnessOrNull(input.image, logger);
  let saved: { id: string; old: string | null };
  try {
    saved = await withLock(db, "heroImages", async (tx) => {
      const row = await saveUploaded(tx, url, brightness, input);
      const what = input.target === "main" ? "main-new" : "gallery-added";
      await auditImages(tx, deps, "hero", what, row.id);
      await rememberResult(tx, input.requestKey, { id: row.id, replaced: row.old !== null });
      return row;
    });
  } catch (err) {
    await removeStoredImage(storage, IMAGE_BUCKET, url, logger);
    const raced = isUniqueViolation(err)
      ? await priorResult<{ id: string; replaced: boolean }>(db, input.requestKey)
      : null;
    if (raced) return raced;
    throw err;
  }
  if (saved.old) await removeStoredImage(storage, IMAGE_BUCKET, saved.old, logger);
  await announce(deps, "hero");
  return { id: saved.id, replaced: saved.old !== null };
}

async function saveUploaded(
  tx: Tx,
  imageUrl: string,
  brightness: number | null,
  { target, by }: { target: "main" | "gallery"; by: string | null },
): Promise<{ id: string; old: string | null }> {
  // A new picture is framed afresh: its centre, the automatic overlay for its own lightness.
  const fresh = {
    imageUrl,
    altText: HERO_DEFAULT_ALT,
    isActive: true,
    uploadedBy: by,
    updatedAt: new Date(),
    ...FOCAL_DEFAULT,
    overlay: "auto" as const,
    brightness,
  };
  if (target === "main") {
    const [main] = await tx
      .select({ id: hero.id, imageUrl: hero.imageUrl })
      .from(hero)
      .where(eq(hero.displayOrder, 0))
      .limit(1);
    if (main) {
      // The display settings (fit, size) stay: they belong to the hero's main place, tuned by the
      // admin. The framing belongs to the picture, so it starts again (above).
      await tx.update(hero).set(fresh).where(eq(hero.id, main.id));
      return { id: main.id, old: main.imageUrl };
    }
  }
  if ((await activeCount(tx)) >= MAX_HERO_IMAGES) throw new ConflictError("hero-limit");
  const used = await tx.select({ order: hero.displayOrder }).from(hero);
  const displayOrder = target === "main" ? 0 : lowestUnusedOrder(used.map((r) => r.order));
  const [row] = await tx
    .insert(hero)
    .values({ ...fresh, displayOrder })
    .returning({ id: hero.id });
  if (!row) throw new Error("insert returned no row");
  return { id: row.id, old: null };
}

/** 'Establecer como principal': the chosen image and the main one swap display orders (docs/product.md §4.8). */
export async function setMainHeroImage(deps: FileDeps, id: string): Promise<void> {
  await withLock(deps.db, "heroImages", async (tx) => {
    const [target] = await tx.select({ order: hero.displayOrder }).from(hero).where(eq(hero.id, id));
    if (!target) throw new NotFoundError("image");
    if (target.order === 0) return;
    const updatedAt = new Date();
    await tx.update(hero).set({ displayOrder: target.order, updatedAt }).where(eq(hero.displayOrder, 0));
    await tx.update(hero).set({ displayOrder: 0, updatedAt }).where(eq(hero.id, id));
    await auditImages(tx, deps, "hero", "main-set", id);
  });
  await announce(deps, "hero");
}

/**
 * Deletes an image and its stored files. The main image cannot go while others exist
 * (docs/product.md §4.8: 'Acción no permitida'). `filesRemoved` is false when only the row went.
 */
export async function removeHeroImage(deps: FileDeps, id: string): Promise<{ filesRemoved: boolean }> {
  return removeImageRow(deps, { table: hero, lock: "heroImages", kind: "hero", id }, async (tx, row) => {
    if (row.displayOrder !== 0) return;
    const [others] = await tx.select({ n: count() }).from(hero).where(ne(hero.id, id));
    if ((others?.n ?? 0) > 0) throw new ConflictError("hero-main-in-use");
  });
}

/** Drag-and-drop or the move buttons: the gallery (not the main image) in its new order, from 1. */
export async function reorderHeroGallery(deps: FileDeps, ids: string[]): Promise<void> {
  await reorderRows(
    deps,
    { table: hero, lock: "heroImages", kind: "hero", first: 1 },
    ids,
    gt(hero.displayOrder, 0),
  );
}

export function saveHeroAltText(deps: FileDeps, id: string, altText: string): Promise<void> {
  return saveAltText(deps, { table: hero, kind: "hero" }, id, altText);
}

/** Card 2 'Guardar Ajustes': how the landing shows the main image. */
export async function saveHeroStyle(deps: FileDeps, style: HeroStyleSettings): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [main] = await tx
      .select({ id: hero.id, focalX: hero.focalX, focalY: hero.focalY })
      .from(hero)
      .where(eq(hero.displayOrder, 0))
      .limit(1)
      .for("update");
    if (!main) throw new NotFoundError("image");
    await tx
      .update(hero)
      .set({ styleSettings: style, ...focalAfterStyle(main, style), updatedAt: new Date() })
      .where(eq(hero.id, main.id));
    await auditImages(tx, deps, "hero", "main-style", main.id, { ...style });
  });
  await announce(deps, "hero");
}

export type HeroFrameInput = FocalPoint & { id: string; overlay: HeroOverlay };

/**
 * 'Guardar encuadre' (issue 42): the point of one picture that stays in view on every screen,
 * and how much it is darkened under the title. Audited as a change of the carousel's images
 * with what changed ([before, after]); `main` says which picture it was.
 */
export async function saveHeroFrame(deps: FileDeps, input: HeroFrameInput): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        focalX: hero.focalX,
        focalY: hero.focalY,
        overlay: hero.overlay,
        displayOrder: hero.displayOrder,
      })
      .from(hero)
      .where(eq(hero.id, input.id))
      .for("update");
    if (!before) throw new NotFoundError("image");
    const after = { focalX: input.focalX, focalY: input.focalY, overlay: input.overlay };
    await tx
      .update(hero)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(hero.id, input.id));
    const changed = Object.fromEntries(
      (["focalX", "focalY", "overlay"] as const)
        .filter((k) => before[k] !== after[k])
        .map((k) => [k, [before[k], after[k]]]),
    );
    await recordAudit(tx, deps.actor ?? null, {
      action: "site.images",
      entityId: input.id,
      target: "hero",
      changes: { what: HERO_FRAME_AUDIT, main: before.displayOrder === 0, ...changed },
    });
  });
  await announce(deps, "hero");
}

/** The carousel settings as card 4 edits them; a failed read uses the defaults (docs/product.md §4.7). */
export async function readHeroCarouselSettings(db: Db, logger: Logger): Promise<HeroCarouselSettings> {
  const c = await loadHeroCarouselConfig(db, logger);
  return { isEnabled: c.autoplay, autoplaySpeed: c.delay, showArrows: c.showArrows, showDots: c.showDots };
}

/** Card 4 'Guardar Configuración'. */
export async function saveHeroCarouselSettings(deps: FileDeps, s: HeroCarouselSettings): Promise<void> {
  const values = { ...s, updatedAt: new Date() };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(heroCarouselSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: heroCarouselSettings.id, set: values });
    await auditImages(tx, deps, "hero", "carousel-settings", null, { ...s });
  });
  await announce(deps, "hero");
}
