import { eq } from "drizzle-orm";
import { type SiteChangeKind, TOPICS } from "../../lib/events";
import { mergePriceList, type PriceList } from "../../lib/price-list";
import { EMPTY_SCHEDULE, type Schedule } from "../../lib/schedule";
import { mergeSiteSettings, mergeSiteText, type SiteSettings, type SiteText } from "../../lib/site";
import type { Db } from "../db/client";
import { shopPrices, siteSettings, siteText } from "../db/schema";
import type { EventBus } from "../events/bus";
import { createBusCache } from "../events/bus-cache";
import type { Logger } from "../logger";
import { loadSchedule } from "./schedule-load";

/**
 * What every page may show about the business: texts, appearance, the owner's price list, and the
 * schedule (announcements and special dates not yet ended; what shows *now* is decided per request).
 */
export type SiteContent = { text: SiteText; settings: SiteSettings; prices: PriceList; schedule: Schedule };

/**
 * Announces a saved change on TOPICS.site: every instance drops its cached site content, and
 * pages show the change at their next request. The change is saved: a database out of reach
 * delays the announcement, never fails the answer (bus.announce).
 */
export function announceSiteChange(bus: EventBus, kind: SiteChangeKind): Promise<void> {
  return bus.announce([{ topic: TOPICS.site, type: "site.changed", payload: { kind } }]);
}

/**
 * Site text and settings for every page. A failure only logs a warning and the defaults are
 * used (docs/product.md §4.7): the site stays up even when these rows cannot be read. `complete` is
 * false when a row could not be read.
 */
export async function loadSiteContent(db: Db, logger: Logger): Promise<SiteContent & { complete: boolean }> {
  let complete = true;
  const read = <T>(what: string, query: Promise<T>) =>
    query.catch((err) => {
      complete = false;
      logger.warn({ err }, `${what} fetch error: se usan los valores por defecto`);
      return null;
    });
  const [textRow, settingsRow, pricesRow, schedule] = await Promise.all([
    read(
      "Site text",
      db
        .select({ data: siteText.data })
        .from(siteText)
        .where(eq(siteText.id, 1))
        .then((r) => r[0]?.data ?? null),
    ),
    read(
      "Site settings",
      db
        .select({ data: siteSettings.data })
        .from(siteSettings)
        .where(eq(siteSettings.id, 1))
        .then((r) => r[0]?.data ?? null),
    ),
    read(
      "Price list",
      db
        .select({ data: shopPrices.data })
        .from(shopPrices)
        .where(eq(shopPrices.id, 1))
        .then((r) => r[0]?.data ?? null),
    ),
    read("Schedule", loadSchedule(db)),
  ]);
  const settings = mergeSiteSettings(settingsRow, (message) => logger.warn(message));
  return {
    text: mergeSiteText(textRow),
    settings,
    prices: mergePriceList(pricesRow),
    schedule: schedule ?? EMPTY_SCHEDULE,
    complete,
  };
}

/**
 * Every page needs the site content, and it changes rarely: keep it in memory. Whoever saves
 * site text or settings publishes on TOPICS.site, which clears the copy on every instance;
 * a time limit covers anything missed. A read that fell back to defaults is not kept.
 */
export function createSiteContentCache(opts: { db: Db; bus: EventBus; logger: Logger; ttlMs?: number }) {
  return createBusCache<SiteContent>({
    bus: opts.bus,
    topic: TOPICS.site,
    ttlMs: opts.ttlMs,
    load: async () => {
      const { complete, ...value } = await loadSiteContent(opts.db, opts.logger);
      return { value, keep: complete };
    },
  });
}
export type SiteContentCache = ReturnType<typeof createSiteContentCache>;
