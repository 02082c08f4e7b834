import { ImagePlus, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { prepareUpload } from "~/components/images/prepare";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { notifyError } from "~/lib/toast";
import { acceptFor, uploadMaxMB, uploadRefusalMessage } from "~/lib/uploads";

/** What the form sends: a new file, the removal of the current image, or nothing. */
export type ImageChoice = { file: File | null; removed: boolean };

export type ImageFieldProps = {
  /** The product's current image (edit mode). */
  currentUrl: string | null;
  disabled?: boolean;
  onChange: (choice: ImageChoice) => void;
  onProcessing: (busy: boolean) => void;
};

/**
 * docs/product.md §3.2 image states: none → selected/processing → preview; removal clears it. The
 * picked file is checked (≤ 10 MB, not SVG) and resized in the browser; if resizing fails the
 * original is kept and the admin is told why.
 */
export function ImageField({ currentUrl, disabled, onChange, onProcessing }: ImageFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(currentUrl);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);

  useEffect(() => {
    if (!objectUrl) return;
    return () => URL.revokeObjectURL(objectUrl);
  }, [objectUrl]);

  const show = (file: File) => {
    const url = URL.createObjectURL(file);
    setObjectUrl(url);
    setPreview(url);
    onChange({ file, removed: false });
  };

  const pick = async (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = ""; // picking the same file again still fires
    if (!file) return;
    setProcessing(true);
    onProcessing(true);
    try {
      const prepared = await prepareUpload(file, "product");
      if (!prepared.ok) return notifyError(uploadRefusalMessage(prepared.refusal, "product"));
      if (prepared.resizeError) notifyError(prepared.resizeError);
      show(prepared.file);
    } finally {
      setProcessing(false);
      onProcessing(false);
    }
  };

  const remove = () => {
    setObjectUrl(null);
    setPreview(null);
    onChange({ file: null, removed: currentUrl !== null });
  };

  return (
    <div className="flex flex-col gap-2">
      <span id="product-image-label" className="text-sm font-medium">
        Imagen del Producto
      </span>
      <div className="relative aspect-square w-full max-w-72 overflow-hidden rounded-xl border-2 border-dashed bg-muted">
        {preview ? (
          <>
            <img src={preview} alt="Vista previa de la imagen" className="size-full object-cover" />
            <Button
              variant="destructive"
              size="icon"
              className="absolute top-2 right-2 shadow"
              onClick={remove}
              disabled={disabled || processing}
              aria-label="Quitar imagen"
            >
              <X aria-hidden="true" />
            </Button>
          </>
        ) : (
          <label
            htmlFor="product-image"
            className="flex size-full cursor-pointer flex-col items-center justify-center gap-2 p-4 text-center text-sm text-muted-foreground hover:text-primary"
          >
            <ImagePlus aria-hidden="true" className="size-10" />
            <span className="font-medium">Subir imagen</span>
            <span className="text-xs">{`Cualquier formato de imagen, máx ${uploadMaxMB("product")}MB`}</span>
          </label>
        )}
        {processing && (
          <div className="absolute inset-0 flex items-center justify-center gap-2 bg-card/85 font-medium">
            <Spinner size="sm" label="Procesando..." />
            <span aria-hidden="true">Procesando...</span>
          </div>
        )}
      </div>
      <input
        ref={inputRef}
        id="product-image"
        type="file"
        accept={acceptFor("product")}
        aria-labelledby="product-image-label"
        className="sr-only"
        disabled={disabled || processing}
        onChange={(e) => void pick(e.currentTarget.files?.[0])}
      />
      {preview && (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={disabled || processing}
          onClick={() => inputRef.current?.click()}
        >
          Cambiar imagen
        </Button>
      )}
    </div>
  );
}
