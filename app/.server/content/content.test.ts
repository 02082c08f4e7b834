import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { srcSetFor } from "../../lib/images";
import { aboutUsCarouselImages, heroCarouselSettings, heroGalleryImages } from "../db/schema";
import { createLogger } from "../logger";
import { seedDefaults } from "../seed";
import { createLocalStorage } from "../storage/local";
import { testLogger } from "../testing/db";
import { setupTestDatabase, setupTestStorage } from "../testing/setup";
import { listActiveCustomerPhotos } from "./about";
import { DEMO_HERO, seedDemoSiteImages } from "./demo";
import { HERO_CAROUSEL_DEFAULTS, listActiveHeroSlides, loadHeroCarouselConfig } from "./hero";

const h = setupTestDatabase({ seed: true });
const { root } = setupTestStorage();

describe("hero slides", () => {
  it("lists only active images, in display order, with the main image first", async () => {
    await h.db.insert(heroGalleryImages).values([
      { imageUrl: "/g2.webp", displayOrder: 2, altText: "dos" },
      { imageUrl: "/off.webp", displayOrder: 1, isActive: false },
      { imageUrl: "/main.webp", displayOrder: 0, altText: "principal" },
      { imageUrl: "/g3.webp", displayOrder: 3 },
    ]);
    const slides = await listActiveHeroSlides(h.db);
    expect(slides.map((s) => s.imageUrl)).toEqual(["/main.webp", "/g2.webp", "/g3.webp"]);
    expect(slides.map((s) => s.isMain)).toEqual([true, false, false]);
    expect(slides[0]?.altText).toBe("principal");
    await h.db.delete(heroGalleryImages);
  });
});

describe("hero carousel config", () => {
  it("reads the stored settings as the landing page uses them", async () => {
    await h.db
      .update(heroCarouselSettings)
      .set({ isEnabled: false, autoplaySpeed: 2500, showArrows: false, showDots: true })
      .where(eq(heroCarouselSettings.id, 1));
    expect(await loadHeroCarouselConfig(h.db, testLogger)).toEqual({
      autoplay: false,
      delay: 2500,
      showArrows: false,
      showDots: true,
      overlayOpacity: 0.5,
    });
  });

  it("falls back to the defaults, with a warning, when the row is missing or unreadable", async () => {
    await h.db.delete(heroCarouselSettings);
    expect(await loadHeroCarouselConfig(h.db, testLogger)).toEqual(HERO_CAROUSEL_DEFAULTS);
    await seedDefaults(h.db);

    const logger = createLogger("silent");
    const warn = vi.spyOn(logger, "warn");
    await h.db.execute(sql`alter table hero_carousel_settings rename to hcs_hidden`);
    try {
      expect(await loadHeroCarouselConfig(h.db, logger)).toEqual(HERO_CAROUSEL_DEFAULTS);
    } finally {
      await h.db.execute(sql`alter table hcs_hidden rename to hero_carousel_settings`);
    }
    expect(warn).toHaveBeenCalledWith(
      expect.anything(),
      expect.stringContaining("Hero carousel config fetch error"),
    );
  });
});

describe("customer photos", () => {
  it("lists only active photos in display order", async () => {
    await h.db.insert(aboutUsCarouselImages).values([
      { imageUrl: "/c.webp", displayOrder: 2 },
      { imageUrl: "/hidden.webp", displayOrder: 0, isActive: false },
      { imageUrl: "/a.webp", displayOrder: 0 },
      { imageUrl: "/b.webp", displayOrder: 1, altText: null },
    ]);
    const photos = await listActiveCustomerPhotos(h.db);
    expect(photos.map((p) => p.imageUrl)).toEqual(["/a.webp", "/b.webp", "/c.webp"]);
    expect(photos[0]?.altText).toBe("Cliente satisfecho");
    expect(photos[1]?.altText).toBeNull();
    await h.db.delete(aboutUsCarouselImages);
  });
});

describe("demo site images", () => {
  it("stores a main hero image, gallery images and customer photos at the spec's paths", async () => {
    const storage = createLocalStorage(root);
    await seedDemoSiteImages(h.db, storage, testLogger);

    const slides = await listActiveHeroSlides(h.db);
    expect(slides).toHaveLength(DEMO_HERO.length);
    expect(slides[0]?.isMain).toBe(true);
    expect(slides[0]?.imageUrl).toMatch(/^\/files\/site-assets\/public\/hero-main\/.+\.webp$/);
    for (const s of slides.slice(1)) {
      expect(s.imageUrl).toMatch(/^\/files\/site-assets\/public\/hero-gallery\/.+\.webp$/);
      expect(s.altText).toBeTruthy();
    }
    // Full-size file plus its responsive widths, all real 16:9 images.
    const main = slides[0]?.imageUrl ?? "";
    const file = (url: string) => path.join(root, url.replace(/^\/files\//, ""));
    expect(await sharp(file(main)).metadata()).toMatchObject({ format: "webp", width: 1920, height: 1080 });
    for (const candidate of srcSetFor(main, "hero")?.split(", ") ?? []) {
      expect(fs.existsSync(file(candidate.split(" ")[0] ?? ""))).toBe(true);
    }

    const photos = await listActiveCustomerPhotos(h.db);
    expect(photos.length).toBeGreaterThanOrEqual(6);
    for (const p of photos) {
      expect(p.imageUrl).toMatch(/^\/files\/site-assets\/customer-carousel\/\d+-.+\.webp$/);
      expect(p.altText).toBe("Cliente satisfecho");
      expect(await sharp(file(p.imageUrl)).metadata()).toMatchObject({ width: 300, height: 300 });
    }
  });
});
