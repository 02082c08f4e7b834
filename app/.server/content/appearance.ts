import type { AppearanceInput } from "../../lib/appearance-forms";
import type { SiteSettings } from "../../lib/site";
import type { FileDeps } from "../deps";
import { removeStoredImage } from "../storage/images";
import { SITE_ASSETS } from "../storage/storage";
import { storeUpload } from "../storage/uploads";
import { updateSiteSettings } from "./site-admin";

/**
 * 'Guardar Cambios' of the 'Apariencia' tab (docs/product.md §3.2): logo (a new file, a URL, or
 * none), its position and size, the colours and the font, saved into site settings. A new logo
 * is checked and re-encoded as `public/logo-{timestamp}.webp`; the replaced logo file is
 * removed once the settings no longer point at it (a failure there is only logged).
 * Throws UploadError for a refused file.
 */
export async function saveAppearance(
  { db, bus, storage, logger, actor }: FileDeps,
  input: AppearanceInput,
  by: string | null,
): Promise<SiteSettings> {
  let logoUrl = input.logoUrl;
  let uploaded: string | null = null;
  if (input.logo && input.logo.size > 0) {
    uploaded = await storeUpload({ storage, logger }, input.logo, {
      kind: "logo",
      bucket: SITE_ASSETS,
      key: `public/logo-${Date.now()}.webp`,
    });
    logoUrl = uploaded;
  }
  let result: { before: SiteSettings; after: SiteSettings };
  try {
    result = await updateSiteSettings(
      { db, bus, actor },
      {
        logoUrl,
        logoSize: input.logoSize,
        logoPosition: { top: input.logoTop, left: input.logoLeft },
        colors: input.colors,
        fontFamily: input.fontFamily,
      },
      by,
    );
  } catch (err) {
    await removeStoredImage(storage, SITE_ASSETS, uploaded, logger);
    throw err;
  }
  const { before, after } = result;
  if (before.logoUrl && before.logoUrl !== after.logoUrl) {
    await removeStoredImage(storage, SITE_ASSETS, before.logoUrl, logger);
  }
  return after;
}
