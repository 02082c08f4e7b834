import { useEffect } from "react";
import { href, useFetcher } from "react-router";
import { DropZone } from "~/components/images/drop-zone";
import { ImageTile } from "~/components/images/image-tile";
import { UploadProgress } from "~/components/images/upload-progress";
import { useReorder } from "~/components/images/use-reorder";
import { useUploads } from "~/components/images/use-uploads";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import {
  CUSTOMER_PHOTO_LIMIT_TOAST,
  CUSTOMER_PHOTO_STORED_LIMIT_TOAST,
  customerPhotoRefused,
  customerPhotosUploaded,
  MAX_CUSTOMER_PHOTOS,
  MAX_STORED_CUSTOMER_PHOTOS,
} from "~/lib/customer-photos";
import { type FormReply, useReplyMessage } from "~/lib/forms";
import { CUSTOMER_PHOTOS_INTENT } from "~/lib/image-forms";
import { plural } from "~/lib/plural";
import { notify, notifyError } from "~/lib/toast";
import { acceptFor, uploadMaxMB, uploadRefusalDetail } from "~/lib/uploads";
import { ActiveSwitch } from "./active-switch";
import type { LoaderData } from "./types";

const LOAD_FAILED = "No se pudieron cargar las imágenes del carrusel.";

/**
 * The 'Carrusel Clientes' tab (docs/product.md §3.2): the photos of /nosotros. Several files at
 * once by dropping or picking them (a phone's photos as taken), each checked, cut to 300x300 and
 * sent with its progress; the zone is off while uploading or at 10. Each photo: 'Activo', order, description, delete.
 */
export function CustomerPhotosTab({ photos }: { photos: LoaderData["photos"] }) {
  useEffect(() => {
    if (photos === null) notifyError(LOAD_FAILED);
  }, [photos]);
  if (photos === null) {
    return (
      <p role="alert" className="py-6 text-sm font-medium text-destructive">
        {LOAD_FAILED} Recarga la página para intentarlo de nuevo.
      </p>
    );
  }
  return <PhotosManager photos={photos} />;
}

function PhotosManager({ photos }: { photos: NonNullable<LoaderData["photos"]> }) {
  const uploads = useUploads({
    intent: CUSTOMER_PHOTOS_INTENT.upload,
    kind: "customer",
    refused: (reason, name) => customerPhotoRefused(name, uploadRefusalDetail(reason, "customer")),
  });
  // The list owns the delete request, so its answer outlives the deleted tile.
  const remover = useFetcher<FormReply>();
  useReplyMessage(remover.data);
  const deletingId = remover.state !== "idle" ? remover.formData?.get("id") : null;
  const visible = photos.filter((p) => p.id !== deletingId);
  const reorder = useReorder(visible, {
    intent: CUSTOMER_PHOTOS_INTENT.reorder,
    action: href("/admin/clientes"),
  });
  // Only active photos count towards the 10 (docs/product.md §5); a switched-off one waits in the tab.
  const active = visible.filter((p) => p.isActive).length;
  const full = active >= MAX_CUSTOMER_PHOTOS || visible.length >= MAX_STORED_CUSTOMER_PHOTOS;

  const upload = async (files: File[]) => {
    // A batch that would pass 10 active photos is refused whole; the server checks each photo again.
    if (active + files.length > MAX_CUSTOMER_PHOTOS) return notify(CUSTOMER_PHOTO_LIMIT_TOAST);
    if (visible.length + files.length > MAX_STORED_CUSTOMER_PHOTOS) {
      return notify(CUSTOMER_PHOTO_STORED_LIMIT_TOAST);
    }
    const { stored, failed } = await uploads.send(files);
    const summary = customerPhotosUploaded(stored, failed);
    if (summary) notify(summary);
  };

  return (
    <div className="flex flex-col gap-6 pt-2">
      <Card className="flex flex-col gap-4 p-5 sm:p-6">
        <div>
          <h2 className="text-xl font-semibold">Fotos de Clientes Satisfechos</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Se muestran en la página Nosotros. Sirven las fotos tal como salen de la cámara del móvil: se
            recortan a 300x300 píxeles antes de subirse.
          </p>
        </div>
        <DropZone
          id="customer-photos-upload"
          accept={acceptFor("customer")}
          multiple
          disabled={uploads.busy || full}
          title={
            active >= MAX_CUSTOMER_PHOTOS
              ? `Ya hay ${MAX_CUSTOMER_PHOTOS} imágenes activas: desactiva o elimina alguna para subir otras`
              : full
                ? `Ya guardas ${MAX_STORED_CUSTOMER_PHOTOS} imágenes: elimina alguna desactivada para subir otras`
                : "Arrastra las fotos aquí o haz clic para elegirlas"
          }
          hint={`JPG, PNG o WebP, máx ${uploadMaxMB("customer")}MB cada una. Puedes elegir varias.`}
          onFiles={(files) => void upload(files)}
        />
        <UploadProgress items={uploads.items} label="Fotos de la última subida" />
      </Card>

      <section aria-labelledby="customer-photos-title">
        <div className="mb-4 flex items-center gap-3">
          <h2 id="customer-photos-title" className="text-lg font-semibold">
            Imágenes del carrusel
          </h2>
          <Badge variant="secondary">{`${active}/${MAX_CUSTOMER_PHOTOS} activas`}</Badge>
          {visible.length > active ? (
            <span className="text-sm text-muted-foreground">
              {plural(visible.length - active, "desactivada", "desactivadas")}
            </span>
          ) : null}
        </div>
        {visible.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card px-4 py-10 text-center text-muted-foreground">
            No hay imágenes
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {reorder.ordered.map((photo, i) => (
              <ImageTile
                key={photo.id}
                id={photo.id}
                src={photo.imageUrl}
                altText={photo.altText}
                position={i + 1}
                count={reorder.ordered.length}
                reorder={reorder}
                intents={CUSTOMER_PHOTOS_INTENT}
                action={href("/admin/clientes")}
                shape="square"
                dimmed={!photo.isActive}
                onDelete={() =>
                  remover.submit(
                    { intent: CUSTOMER_PHOTOS_INTENT.delete, id: photo.id },
                    { method: "post", action: href("/admin/clientes") },
                  )
                }
              >
                <ActiveSwitch id={photo.id} isActive={photo.isActive} />
              </ImageTile>
            ))}
          </ul>
        )}
        <p aria-live="polite" className="sr-only">
          {reorder.announcement}
        </p>
      </section>
    </div>
  );
}
