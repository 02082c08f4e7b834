import { Star } from "lucide-react";
import { href } from "react-router";
import { ImageTile } from "~/components/images/image-tile";
import type { Reorder } from "~/components/images/use-reorder";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { MAX_HERO_IMAGES } from "~/lib/hero";
import { HERO_INTENT } from "~/lib/image-forms";
import { hasVariants, variantUrl } from "~/lib/images";
import { HeroUploader } from "./hero-uploader";
import type { HeroImageView } from "./types";

export type GalleryCardProps = {
  reorder: Reorder<HeroImageView>;
  /** Every hero image, the main one included (the limit counts them all). */
  total: number;
  busy: boolean;
  onSetMain: (id: string) => void;
  onDelete: (id: string) => void;
};

/**
 * Card 3 (docs/product.md §3.6): the gallery, in carousel order after the main image; each image can
 * become the main one, move, get a description or go; 'Añadir a la Galería' below.
 */
export function GalleryCard({ reorder, total, busy, onSetMain, onDelete }: GalleryCardProps) {
  const gallery = reorder.ordered;
  return (
    <Card role="region" aria-labelledby="hero-gallery-title" className="lg:col-span-2">
      <CardHeader>
        <CardTitle as="h2" id="hero-gallery-title">
          Galería
        </CardTitle>
        <CardDescription>
          Puedes tener hasta {MAX_HERO_IMAGES - 1} imágenes en la galería, además de la imagen principal. Se
          muestran en este orden: arrástralas o usa las flechas para cambiarlo.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {gallery.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-muted px-4 py-8 text-center text-sm text-muted-foreground">
            La galería está vacía.
          </p>
        ) : (
          <ul aria-label="Imágenes de la galería" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {gallery.map((image, i) => (
              <ImageTile
                key={image.id}
                id={image.id}
                src={hasVariants(image.imageUrl) ? variantUrl(image.imageUrl, 640) : image.imageUrl}
                altText={image.altText}
                position={i + 1}
                count={gallery.length}
                reorder={reorder}
                intents={HERO_INTENT}
                action={href("/admin/hero-images")}
                shape="wide"
                onDelete={() => onDelete(image.id)}
              >
                <Button variant="secondary" size="sm" disabled={busy} onClick={() => onSetMain(image.id)}>
                  <Star aria-hidden="true" />
                  Establecer como principal
                </Button>
              </ImageTile>
            ))}
          </ul>
        )}
        <p aria-live="polite" className="sr-only">
          {reorder.announcement}
        </p>
        <HeroUploader
          id="hero-gallery-upload"
          intent={HERO_INTENT.galleryAdd}
          title="Elige una imagen para la galería"
          buttonLabel="Añadir a la Galería"
          blockedReason={
            total >= MAX_HERO_IMAGES
              ? `Ya hay ${MAX_HERO_IMAGES} imágenes en total: elimina alguna para añadir otra.`
              : undefined
          }
        />
      </CardContent>
    </Card>
  );
}
