import { Trash2 } from "lucide-react";
import { useState } from "react";
import { href } from "react-router";
import { AltTextForm } from "~/components/images/alt-text-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { HERO_INTENT } from "~/lib/image-forms";
import { srcSetFor } from "~/lib/images";
import { HeroUploader } from "./hero-uploader";
import type { HeroImageView } from "./types";

export type MainImageCardProps = {
  main: HeroImageView | null;
  /** False when there is no main image and the 6 are taken (then none can be added). */
  canAdd: boolean;
  onDelete: (id: string) => void;
};

/** Card 1 (docs/product.md §3.6): the current main image and 'Guardar Nueva Imagen Principal'. */
export function MainImageCard({ main, canAdd, onDelete }: MainImageCardProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Card role="region" aria-labelledby="hero-main-title">
      <CardHeader>
        <CardTitle as="h2" id="hero-main-title">
          Imagen Principal
        </CardTitle>
        <CardDescription>La primera imagen del carrusel de la portada.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {main ? (
          <div className="grid gap-3">
            <img
              src={main.imageUrl}
              srcSet={srcSetFor(main.imageUrl, "hero")}
              sizes="(min-width: 1024px) 600px, 100vw"
              alt={main.altText}
              className="aspect-video w-full rounded-xl border bg-muted object-cover"
            />
            <AltTextForm
              // A new main picture (same row) gets a new description: start the field afresh.
              key={main.imageUrl}
              id={main.id}
              altText={main.altText}
              intent={HERO_INTENT.alt}
              action={href("/admin/hero-images")}
              label="Descripción de la imagen principal"
            />
            <Button variant="outline" size="sm" className="w-fit" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" />
              Eliminar imagen principal
            </Button>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title="¿Eliminar la imagen principal?"
              description="La imagen se eliminará permanentemente del servidor. Solo es posible cuando no hay otras imágenes."
              onConfirm={() => onDelete(main.id)}
            />
          </div>
        ) : (
          <p className="rounded-xl border border-dashed bg-muted px-4 py-8 text-center text-sm text-muted-foreground">
            Aún no hay imagen principal.
          </p>
        )}
        <HeroUploader
          id="hero-main-upload"
          intent={HERO_INTENT.mainSave}
          title="Elige la nueva imagen principal"
          buttonLabel="Guardar Nueva Imagen Principal"
          blockedReason={
            canAdd ? undefined : "Ya hay 6 imágenes: elimina una de la galería para añadir la principal."
          }
        />
      </CardContent>
    </Card>
  );
}
