import { desc, eq, notInArray } from "drizzle-orm";
import type { SiteSettings } from "../../lib/site";
import type { Db } from "../db/client";
import { bannerImageHistory, staffUsers } from "../db/schema";
import type { FileDeps } from "../deps";
import { NotFoundError } from "../errors";
import { removeStoredImage, uniqueName } from "../storage/images";
import { SITE_ASSETS } from "../storage/storage";
import { storeUpload } from "../storage/uploads";
import { changeSiteSettings } from "./site-admin";

/**
 * The banner of /admin/content (docs/product.md §3.5). The current banner is site settings'
 * `bannerImageUrl` ('' = the built-in default). Every uploaded banner gets a history row at
 * upload, so the banner it replaces is already in the history; restoring one sets `restored_at`.
 * Only the newest HISTORY_SHOWN rows are kept: older ones and their files are removed, unless
 * their picture is the current banner.
 */

/** 'Ver Historial (Últimas 5)'. */
export const HISTORY_SHOWN = 5;

export type BannerHistoryEntry = {
  id: string;
  imageUrl: string;
  createdAt: string;
  restoredAt: string | null;
  /** Who uploaded it (null when their account was removed). */
  uploadedBy: string | null;
};

/** The last banners uploaded, newest first. */
export async function listBannerHistory(db: Db, limit = HISTORY_SHOWN): Promise<BannerHistoryEntry[]> {
  const rows = await db
    .select({
      id: bannerImageHistory.id,
      imageUrl: bannerImageHistory.imageUrl,
      createdAt: bannerImageHistory.createdAt,
      restoredAt: bannerImageHistory.restoredAt,
      uploadedBy: staffUsers.name,
    })
    .from(bannerImageHistory)
    .leftJoin(staffUsers, eq(staffUsers.id, bannerImageHistory.uploadedBy))
    .orderBy(desc(bannerImageHistory.createdAt), desc(bannerImageHistory.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    restoredAt: r.restoredAt?.toISOString() ?? null,
  }));
}

/**
 * 'Actualizar Banner': checks the picture (JPG, PNG or WebP, at most 5 MB, a real image), stores
 * it re-encoded with its phone widths under `public/banners_hero/`, makes it the banner and adds
 * it to the history, in one transaction. Throws UploadError for a refused file.
 */
export async function updateBanner(deps: FileDeps, file: Blob, by: string | null): Promise<SiteSettings> {
  const url = await storeUpload(deps, file, {
    kind: "banner",
    bucket: SITE_ASSETS,
    key: `public/banners_hero/${uniqueName()}.webp`,
  });
  try {
    const { after } = await changeSiteSettings(deps, "banner", by, async (tx) => {
      await tx.insert(bannerImageHistory).values({ imageUrl: url, uploadedBy: by });
      return { patch: { bannerImageUrl: url }, result: null };
    });
    await pruneHistory(deps, after.bannerImageUrl);
    return after;
  } catch (err) {
    await removeStoredImage(deps.storage, SITE_ASSETS, url, deps.logger);
    throw err;
  }
}

/** 'Restaurar' a banner of the history: it becomes the banner again. Throws NotFoundError. */
export async function restoreBanner(
  deps: FileDeps,
  historyId: string,
  by: string | null,
): Promise<SiteSettings> {
  const { after } = await changeSiteSettings(deps, "banner", by, async (tx) => {
    const [entry] = await tx
      .select({ imageUrl: bannerImageHistory.imageUrl })
      .from(bannerImageHistory)
      .where(eq(bannerImageHistory.id, historyId));
    if (!entry) throw new NotFoundError("banner-history");
    await tx
      .update(bannerImageHistory)
      .set({ restoredAt: new Date() })
      .where(eq(bannerImageHistory.imageUrl, entry.imageUrl));
    return { patch: { bannerImageUrl: entry.imageUrl }, result: null };
  });
  return after;
}

/** 'Restaurar Por Defecto': the built-in picture again; the current banner stays in the history. */
export async function restoreDefaultBanner(deps: FileDeps, by: string | null): Promise<SiteSettings> {
  const { after } = await changeSiteSettings(deps, "banner", by, async () => ({
    patch: { bannerImageUrl: "" },
    result: null,
  }));
  return after;
}

/** Removes history rows past the newest HISTORY_SHOWN, and their files unless still in use. */
async function pruneHistory({ db, storage, logger }: FileDeps, current: string): Promise<void> {
  try {
    const kept = await db
      .select({ id: bannerImageHistory.id, imageUrl: bannerImageHistory.imageUrl })
      .from(bannerImageHistory)
      .orderBy(desc(bannerImageHistory.createdAt), desc(bannerImageHistory.id))
      .limit(HISTORY_SHOWN);
    if (kept.length < HISTORY_SHOWN) return;
    const old = await db
      .delete(bannerImageHistory)
      .where(
        notInArray(
          bannerImageHistory.id,
          kept.map((k) => k.id),
        ),
      )
      .returning({ imageUrl: bannerImageHistory.imageUrl });
    // The rows left are the kept ones: a picture they or the settings still show stays.
    const inUse = new Set([current, ...kept.map((k) => k.imageUrl)]);
    for (const url of new Set(old.map((o) => o.imageUrl))) {
      if (!inUse.has(url)) await removeStoredImage(storage, SITE_ASSETS, url, logger);
    }
  } catch (err) {
    logger.warn({ err }, "No se pudo limpiar el historial de banners");
  }
}
