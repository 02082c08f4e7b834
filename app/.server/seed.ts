import { DEFAULT_COLORS, SITE_SETTINGS_DEFAULTS, SITE_TEXT_DEFAULTS } from "../lib/site";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { categories, heroCarouselSettings, siteSettings, siteText } from "./db/schema";
import type { Logger } from "./logger";
import { seedDemo } from "./seed-demo";
import type { Storage } from "./storage/storage";

/*
 * What a new database starts with. It sits beside services.ts, above the domain modules whose
 * demo content it adds (the database layer below them knows nothing of products or orders).
 */

export const DEFAULT_CATEGORIES = [
  { value: "ropa", label: "Ropa", displayOrder: 1 },
  { value: "calzado", label: "Calzado", displayOrder: 2 },
  { value: "comida", label: "Comida", displayOrder: 3 },
  { value: "artesanía", label: "Artesanía", displayOrder: 4 },
];

/**
 * Seeds the spec's defaults. Runs on every start but only inserts what is missing; returns
 * true on the very first start (no site text row yet), when demo content may be added.
 */
export async function seedDefaults(db: Db): Promise<boolean> {
  const inserted = await db
    .insert(siteText)
    .values({ id: 1, data: { ...SITE_TEXT_DEFAULTS } })
    .onConflictDoNothing()
    .returning({ id: siteText.id });
  await db
    .insert(siteSettings)
    .values({
      id: 1,
      data: {
        colors: { ...DEFAULT_COLORS },
        logoUrl: SITE_SETTINGS_DEFAULTS.logoUrl,
        logoSize: SITE_SETTINGS_DEFAULTS.logoSize,
        logoPosition: SITE_SETTINGS_DEFAULTS.logoPosition,
        fontFamily: SITE_SETTINGS_DEFAULTS.fontFamily,
        bannerImageUrl: "",
        siteName: SITE_SETTINGS_DEFAULTS.siteName,
      },
    })
    .onConflictDoNothing();
  await db
    .insert(heroCarouselSettings)
    .values({ id: 1, isEnabled: true, autoplaySpeed: 5000, showArrows: true, showDots: true })
    .onConflictDoNothing();
  // The spec's four are the defaults of a new shop only: afterwards the categories are the owner's
  // (she may remove or rename them), so a restart never brings one back.
  if (inserted.length > 0) await db.insert(categories).values(DEFAULT_CATEGORIES).onConflictDoNothing();
  return inserted.length > 0;
}

/** Whether seedDefaults has run on this database (its site text row exists). */
export async function defaultsSeeded(db: Db): Promise<boolean> {
  return (await db.select({ id: siteText.id }).from(siteText).limit(1)).length > 0;
}

/**
 * The spec's defaults on every start (only what is missing) and, on the very first start with
 * SEED_DEMO, the demo content (products and their pictures, couriers, orders, site images).
 */
export async function seedDatabase(db: Db, storage: Storage, config: Config, logger: Logger): Promise<void> {
  const firstStart = await seedDefaults(db);
  if (firstStart && config.SEED_DEMO) await seedDemo(db, storage, logger);
}
