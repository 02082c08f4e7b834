import { eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "../db/client";
import { products } from "../db/schema";
import type { Logger } from "../logger";
import { storeImage, uniqueName } from "../storage/images";
import type { Storage } from "../storage/storage";
import { demoArtFor } from "./demo-art";
import { PRODUCT_BUCKET } from "./uploads";

/**
 * Demo product images for a first start: each demo product without a picture gets a drawing
 * rendered to a raster image and stored through the same pipeline as an admin upload, so the
 * files, widths and URLs are exactly what real products have. Failures only log a warning:
 * the shop then shows 'Imagen no disponible' for that product.
 */
export async function seedDemoProductImages(db: Db, storage: Storage, logger: Logger): Promise<void> {
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(isNull(products.imageUrl));
  let done = 0;
  for (const [i, row] of rows.entries()) {
    try {
      const png = await sharp(Buffer.from(demoArtFor(row.name, i + 7)))
        .png()
        .toBuffer();
      const key = `public/${uniqueName()}.webp`;
      const { url } = await storeImage(storage, PRODUCT_BUCKET, key, png, "product");
      await db.update(products).set({ imageUrl: url }).where(eq(products.id, row.id));
      done++;
    } catch (err) {
      logger.warn({ err, product: row.name }, "No se pudo crear la imagen de demostración del producto");
    }
  }
  if (done) logger.info(`Imágenes de demostración de productos creadas: ${done}`);
}
