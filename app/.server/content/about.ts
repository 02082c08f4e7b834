import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { aboutUsCarouselImages } from "../db/schema";

export type CustomerPhoto = { id: string; imageUrl: string; altText: string | null };

/**
 * The customer photos of the about page: active ones in display order (docs/product.md §4.4). Errors
 * propagate: the caller turns them into the 'Error al Cargar Datos' screen (docs/product.md §4.7).
 */
export async function listActiveCustomerPhotos(db: Db): Promise<CustomerPhoto[]> {
  return db
    .select({
      id: aboutUsCarouselImages.id,
      imageUrl: aboutUsCarouselImages.imageUrl,
      altText: aboutUsCarouselImages.altText,
    })
    .from(aboutUsCarouselImages)
    .where(eq(aboutUsCarouselImages.isActive, true))
    .orderBy(asc(aboutUsCarouselImages.displayOrder), asc(aboutUsCarouselImages.createdAt));
}
