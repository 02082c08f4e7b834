import { desc, eq } from "drizzle-orm";
import { mergeSiteSettings } from "../../lib/site";
import { bannerImageHistory, siteContentChanges } from "../db/schema";
import type { FileDeps } from "../deps";
import { NotFoundError } from "../errors";
import { SITE_ASSETS } from "../storage/storage";
import { restoreBanner, restoreDefaultBanner } from "./banner";
import { changeSiteSettings, restoreSiteText } from "./site-admin";

export type RestoreResult = {
  kind: "text" | "settings" | "banner";
  /** Appearance: the logo of that version was a file removed since, so the current logo stays. */
  logoKept?: boolean;
};

/**
 * 'Restaurar' in the panel's 'Historial de cambios' (docs/product.md §3.2): a saved version of
 * the texts, of the appearance, or a banner, becomes current again (recorded as a new change).
 * Throws NotFoundError("content-change") for an unknown version, and NotFoundError
 * ("banner-history") for a banner whose picture is no longer kept (only the last 5 are).
 */
export async function restoreContentChange(
  deps: FileDeps,
  changeId: string,
  by: string | null,
): Promise<RestoreResult> {
  const [row] = await deps.db
    .select({ kind: siteContentChanges.kind, data: siteContentChanges.data })
    .from(siteContentChanges)
    .where(eq(siteContentChanges.id, changeId))
    .limit(1);
  if (!row) throw new NotFoundError("content-change");
  if (row.kind === "text") {
    await restoreSiteText(deps, changeId, by);
    return { kind: "text" };
  }
  const saved = mergeSiteSettings(row.data);
  if (row.kind === "banner") {
    if (!saved.bannerImageUrl) {
      await restoreDefaultBanner(deps, by);
      return { kind: "banner" };
    }
    const [entry] = await deps.db
      .select({ id: bannerImageHistory.id })
      .from(bannerImageHistory)
      .where(eq(bannerImageHistory.imageUrl, saved.bannerImageUrl))
      .orderBy(desc(bannerImageHistory.createdAt))
      .limit(1);
    if (!entry) throw new NotFoundError("banner-history");
    await restoreBanner(deps, entry.id, by);
    return { kind: "banner" };
  }
  // The appearance of that version: colours, font, logo size and position, and its logo unless
  // that was one of our files, removed when it was replaced (then the current logo stays).
  const { result } = await changeSiteSettings(deps, "settings", by, async (_tx, current) => {
    const ours = !!saved.logoUrl && deps.storage.keyFromUrl(SITE_ASSETS, saved.logoUrl) !== null;
    const logoKept = ours && saved.logoUrl !== current.logoUrl;
    return {
      patch: {
        colors: saved.colors,
        fontFamily: saved.fontFamily,
        logoSize: saved.logoSize,
        logoPosition: saved.logoPosition,
        logoUrl: logoKept ? current.logoUrl : saved.logoUrl,
      },
      result: logoKept,
    };
  });
  return { kind: "settings", logoKept: result };
}
