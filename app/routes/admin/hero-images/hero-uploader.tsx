import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { DropZone } from "~/components/images/drop-zone";
import { prepareUpload } from "~/components/images/prepare";
import { UploadProgress } from "~/components/images/upload-progress";
import { useUploads } from "~/components/images/use-uploads";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { StatusButton } from "~/components/ui/status-button";
import { errorToast, notify, notifyError } from "~/lib/toast";
import { acceptFor, uploadMaxMB, uploadRefusalMessage } from "~/lib/uploads";

export type HeroUploaderProps = {
  /** The file input's id (unique on the page). */
  id: string;
  /** HERO_INTENT.mainSave or .galleryAdd (app/lib/image-forms.ts). */
  intent: string;
  title: string;
  buttonLabel: string;
  /** Why nothing can be added now (the limit), shown instead of the zone. */
  blockedReason?: string;
};

const refused = (reason: Parameters<typeof uploadRefusalMessage>[0]) =>
  errorToast(uploadRefusalMessage(reason, "hero"));

/**
 * Pick a picture (a phone's photo as taken), see it resized to at most 1920x1080 (WebP at 0.9),
 * then save it with its upload progress (docs/product.md §3.6). A picture the browser cannot
 * resize goes as it is, and the server makes it as small.
 */
export function HeroUploader({ id, intent, title, buttonLabel, blockedReason }: HeroUploaderProps) {
  const uploads = useUploads({ intent, kind: "hero", refused });
  // The resized file, and the name she picked it with (shown in the upload's line, not 'resized-…').
  const [picked, setPicked] = useState<{ file: File; name: string; preview: string } | null>(null);
  const [preparing, setPreparing] = useState(false);

  useEffect(() => {
    if (!picked) return;
    return () => URL.revokeObjectURL(picked.preview);
  }, [picked]);

  const pick = async ([file]: File[]) => {
    if (!file) return;
    setPreparing(true);
    const prepared = await prepareUpload(file, "hero");
    setPreparing(false);
    if (!prepared.ok) return notify(refused(prepared.refusal));
    if (prepared.resizeError) notifyError(prepared.resizeError);
    setPicked({ file: prepared.file, name: file.name, preview: URL.createObjectURL(prepared.file) });
  };

  const save = async () => {
    if (!picked) return;
    const { stored } = await uploads.send([{ file: picked.file, name: picked.name }], { prepared: true });
    if (stored > 0) setPicked(null);
  };

  return (
    <div className="grid gap-3">
      {blockedReason ? (
        <p className="rounded-xl border border-dashed bg-muted px-4 py-6 text-center text-sm text-muted-foreground">
          {blockedReason}
        </p>
      ) : picked ? (
        <figure className="relative w-full max-w-xl overflow-hidden rounded-xl border bg-muted">
          <img
            src={picked.preview}
            alt="Vista previa de la imagen elegida"
            className="aspect-video w-full object-cover"
          />
          <Button
            variant="destructive"
            size="sm"
            className="absolute top-2 right-2 shadow"
            disabled={uploads.busy}
            onClick={() => setPicked(null)}
          >
            <X aria-hidden="true" />
            Quitar imagen seleccionada
          </Button>
        </figure>
      ) : (
        <DropZone
          id={id}
          accept={acceptFor("hero")}
          disabled={preparing || uploads.busy}
          title={title}
          hint={`JPG, PNG o WebP, máx ${uploadMaxMB("hero")}MB. Recomendado: 1920x1080px.`}
          onFiles={(files) => void pick(files)}
        />
      )}
      {preparing && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner size="sm" label="Procesando..." />
          <span aria-hidden="true">Procesando...</span>
        </p>
      )}
      <UploadProgress items={uploads.items} label={`Subida: ${buttonLabel}`} />
      {!blockedReason && (
        <StatusButton
          type="button"
          pending={uploads.busy}
          pendingLabel="Subiendo..."
          className="w-full sm:w-fit"
          disabled={!picked || uploads.busy}
          onClick={() => void save()}
        >
          {buttonLabel}
        </StatusButton>
      )}
    </div>
  );
}
