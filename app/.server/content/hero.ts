import { asc, eq } from "drizzle-orm";
import { HERO_CAROUSEL_DEFAULTS, type HeroCarouselConfig, type HeroSlide } from "../../lib/hero";
import { heroSlideFrame } from "../../lib/hero-frame";
import type { Db } from "../db/client";
import { heroCarouselSettings, heroGalleryImages } from "../db/schema";
import type { Logger } from "../logger";

export { HERO_CAROUSEL_DEFAULTS, type HeroCarouselConfig, type HeroSlide };

/**
 * The active hero images in display order, so the main image (order 0) comes first, each with
 * its framing as the landing draws it (focal point and overlay, app/lib/hero-frame.ts). Errors
 * propagate: the caller turns them into the 'Error al Cargar Datos' screen (docs/product.md §4.7).
 */
export async function listActiveHeroSlides(db: Db): Promise<HeroSlide[]> {
  const rows = await db
    .select({
      id: heroGalleryImages.id,
      imageUrl: heroGalleryImages.imageUrl,
      altText: heroGalleryImages.altText,
      displayOrder: heroGalleryImages.displayOrder,
      style: heroGalleryImages.styleSettings,
      focalX: heroGalleryImages.focalX,
      focalY: heroGalleryImages.focalY,
      overlay: heroGalleryImages.overlay,
      brightness: heroGalleryImages.brightness,
    })
    .from(heroGalleryImages)
    .where(eq(heroGalleryImages.isActive, true))
    .orderBy(asc(heroGalleryImages.displayOrder), asc(heroGalleryImages.createdAt));
  return rows.map(({ id, imageUrl, altText, style, displayOrder, ...framing }) => ({
    id,
    imageUrl,
    altText,
    style,
    isMain: displayOrder === 0,
    frame: heroSlideFrame(framing),
  }));
}

/**
 * The carousel settings; a missing row or a failed read logs a warning and uses the defaults
 * (docs/product.md §4.7: the landing page must still show).
 */
export async function loadHeroCarouselConfig(db: Db, logger: Logger): Promise<HeroCarouselConfig> {
  try {
    const [row] = await db
      .select({
        isEnabled: heroCarouselSettings.isEnabled,
        autoplaySpeed: heroCarouselSettings.autoplaySpeed,
        showArrows: heroCarouselSettings.showArrows,
        showDots: heroCarouselSettings.showDots,
      })
      .from(heroCarouselSettings)
      .where(eq(heroCarouselSettings.id, 1));
    if (!row) return HERO_CAROUSEL_DEFAULTS;
    return {
      autoplay: row.isEnabled,
      delay: Math.min(10_000, Math.max(1000, row.autoplaySpeed)),
      showArrows: row.showArrows,
      showDots: row.showDots,
      overlayOpacity: HERO_CAROUSEL_DEFAULTS.overlayOpacity,
    };
  } catch (err) {
    logger.warn({ err }, "Hero carousel config fetch error: se usa la configuración por defecto");
    return HERO_CAROUSEL_DEFAULTS;
  }
}

/**
 * Whether the landing page shows the banner now (docs/product.md §3.5): only while the carousel
 * is off or has no active image. `slides` says how many images the carousel would show instead.
 */
export async function bannerPlacement(
  db: Db,
  logger: Logger,
): Promise<{ onHome: boolean; carouselOn: boolean; slides: number }> {
  const [config, slides] = await Promise.all([loadHeroCarouselConfig(db, logger), listActiveHeroSlides(db)]);
  const carouselOn = config.autoplay && slides.length > 0;
  return { onHome: !carouselOn, carouselOn, slides: slides.length };
}
