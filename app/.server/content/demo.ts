import sharp from "sharp";
import type { Db } from "../db/client";
import { aboutUsCarouselImages, heroGalleryImages } from "../db/schema";
import type { Logger } from "../logger";
import { storeImage, uniqueName } from "../storage/images";
import { SITE_ASSETS, type Storage } from "../storage/storage";
import { CUSTOMER_PORTRAIT_COUNT, customerPortrait } from "./demo-art/customer-portraits";
import { marketScene } from "./demo-art/market-scene";
import { familyScene, flightScene, warehouseScene } from "./demo-art/shipping-scenes";
import { brightnessOrNull } from "./hero-brightness";

/** The demo hero: the main image first (display_order 0), then the gallery. */
export const DEMO_HERO = [
  { draw: marketScene, alt: "Estantes del mini market llenos de productos latinos y frutas frescas" },
  { draw: warehouseScene, alt: "Cajas listas para enviar y nuestra camioneta de reparto" },
  { draw: flightScene, alt: "Avión de carga volando hacia Centroamérica al atardecer" },
  { draw: familyScene, alt: "Una familia recibe su encomienda en Nicaragua" },
] as const;

/** SVG drawings are rasterised first so the stored files go through the normal image pipeline. */
async function rasterise(svgText: string): Promise<Buffer> {
  return sharp(Buffer.from(svgText)).png().toBuffer();
}

/**
 * Demo hero images and customer photos for a first start with demo content, stored through
 * the storage interface at the spec's paths (docs/product.md §4.5), so the landing carousel and the
 * about page's lightbox show real pictures from the first visit. A failure only logs: the
 * site works without them.
 */
export async function seedDemoSiteImages(db: Db, storage: Storage, logger: Logger): Promise<void> {
  try {
    const heroRows: (typeof heroGalleryImages.$inferInsert)[] = [];
    for (const [i, scene] of DEMO_HERO.entries()) {
      const folder = i === 0 ? "hero-main" : "hero-gallery";
      const picture = await rasterise(scene.draw());
      const { url } = await storeImage(
        storage,
        SITE_ASSETS,
        `public/${folder}/${uniqueName()}.webp`,
        picture,
        "hero",
      );
      // Measured like an upload, so the landing's automatic overlay suits each demo picture.
      const brightness = await brightnessOrNull(picture, logger);
      heroRows.push({ imageUrl: url, displayOrder: i, isActive: true, altText: scene.alt, brightness });
    }
    await db.insert(heroGalleryImages).values(heroRows);

    const photoRows: (typeof aboutUsCarouselImages.$inferInsert)[] = [];
    for (let i = 0; i < CUSTOMER_PORTRAIT_COUNT; i++) {
      const { url } = await storeImage(
        storage,
        SITE_ASSETS,
        `customer-carousel/${Date.now()}-cliente-${i + 1}.webp`,
        await rasterise(customerPortrait(i)),
        "customer",
      );
      photoRows.push({ imageUrl: url, altText: "Cliente satisfecho", displayOrder: i, isActive: true });
    }
    await db.insert(aboutUsCarouselImages).values(photoRows);
  } catch (err) {
    logger.warn({ err }, "No se pudieron crear las imágenes de demostración");
  }
}
