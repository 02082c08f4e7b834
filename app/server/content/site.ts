import { eq } from "drizzle-orm";
import { mergeSiteSettings, mergeSiteText, type SiteSettings, type SiteText } from "../../lib/site";
import type { Db } from "../db/client";
import { siteSettings, siteText } from "../db/schema";
import type { Logger } from "../logger";

/**
 * Site text and settings for every page. A failure only logs a warning and the defaults are
 * used (SPEC §8.1): the site stays up even when these rows cannot be read.
 */
export async function loadSiteContent(
  db: Db,
  logger: Logger,
): Promise<{ text: SiteText; settings: SiteSettings }> {
  const warn = (message: string) => logger.warn(message);
  const [textRow, settingsRow] = await Promise.all([
    db
      .select({ data: siteText.data })
      .from(siteText)
      .where(eq(siteText.id, 1))
      .then((r) => r[0]?.data ?? null)
      .catch((err) => {
        logger.warn({ err }, "Site text fetch error: se usan los textos por defecto");
        return null;
      }),
    db
      .select({ data: siteSettings.data })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .then((r) => r[0]?.data ?? null)
      .catch((err) => {
        logger.warn({ err }, "Site settings fetch error: se usan los ajustes por defecto");
        return null;
      }),
  ]);
  return { text: mergeSiteText(textRow), settings: mergeSiteSettings(settingsRow, warn) };
}
