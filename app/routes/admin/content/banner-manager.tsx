import { getFormProps, getInputProps } from "@conform-to/react";
import { History, RotateCcw, Upload, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import { prepareUpload, replaceInputFile } from "~/components/images/prepare";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { FileInput } from "~/components/ui/file-input";
import { StatusButton } from "~/components/ui/status-button";
import { BANNER_INTENT, BANNER_NOT_CHOSEN, bannerUpdateSchema } from "~/lib/appearance-forms";
import { useReplyMessage, useZodForm } from "~/lib/forms";
import { DEFAULT_HERO_IMAGE } from "~/lib/hero";
import { srcSetFor } from "~/lib/images";
import { notify, notifyError } from "~/lib/toast";
import { acceptFor, uploadMaxMB, uploadRefusalMessage } from "~/lib/uploads";
import { BannerDisplay, BannerPlacement } from "./banner-display";
import { BannerHistory } from "./banner-history";
import type { ContentActionData, ContentData } from "./types";

const ACTION = href("/admin/content");

/**
 * 'Banner Principal (Hero Section)' (docs/product.md §3.5): the current banner, a new one chosen
 * with a preview, its history and the way back to the built-in picture. A chosen picture (a
 * phone's photo as taken) is checked and resized to 1920x1080 in the browser, and the form posts
 * that; without JavaScript it posts the original and the server resizes it.
 */
export function BannerManager({ banner, layout, placement, history, historyFailed }: ContentData) {
  const fetcher = useFetcher<ContentActionData>();
  const busy = fetcher.state !== "idle";
  const fileRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ name: string; url: string } | null>(null);
  const preview = chosen?.url ?? null;
  const [confirmDefault, setConfirmDefault] = useState(false);
  const [preparing, setPreparing] = useState(false);
  useReplyMessage(fetcher.data, (reply) => {
    if (reply.intent === BANNER_INTENT.update) clearChoice();
  });
  const [form, fields] = useZodForm(bannerUpdateSchema, {
    id: "banner",
    lastResult: fetcher.data?.intent === BANNER_INTENT.update ? fetcher.data.result : undefined,
    onInvalidSubmit: (errors) => {
      const message = errors.banner?.[0] ?? BANNER_NOT_CHOSEN;
      if (message === BANNER_NOT_CHOSEN) notify({ title: "Sin cambios", description: message });
      else notifyError(message);
    },
    onValidSubmit: (event, formData) => {
      event.preventDefault();
      if (busy) return;
      void fetcher.submit(formData, { method: "post", action: ACTION, encType: "multipart/form-data" });
    },
  });

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function clearChoice() {
    if (fileRef.current) fileRef.current.value = "";
    setChosen(null);
  }
  const pick = async (file: File | undefined) => {
    if (!file) return clearChoice();
    setPreparing(true);
    const prepared = await prepareUpload(file, "banner");
    setPreparing(false);
    if (!prepared.ok) {
      notifyError(uploadRefusalMessage(prepared.refusal, "banner"));
      return clearChoice();
    }
    if (prepared.resizeError) notifyError(prepared.resizeError);
    replaceInputFile(fileRef.current, prepared.file);
    setChosen({ name: file.name, url: URL.createObjectURL(prepared.file) });
  };

  const shown = preview ?? (banner || DEFAULT_HERO_IMAGE);
  return (
    <Card className="p-5 sm:p-6">
      <h2 id="banner-title" className="text-xl font-semibold">
        Banner Principal (Hero Section)
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Se muestra en la portada cuando el carrusel está desactivado o no tiene imágenes, y al compartir las
        páginas del sitio.
      </p>
      <div className="mt-4">
        <BannerPlacement banner={banner} placement={placement} />
      </div>
      <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <figure className="grid gap-2">
          <img
            src={shown}
            srcSet={preview ? undefined : srcSetFor(banner, "banner")}
            sizes="(min-width: 1024px) 40rem, 100vw"
            alt={preview ? "Vista previa del nuevo banner" : "Banner actual"}
            className="aspect-video w-full rounded-xl border bg-muted object-contain"
          />
          <figcaption className="text-sm text-muted-foreground">
            {preview ? "Nueva imagen (sin guardar)" : banner ? "Banner actual" : "Imagen por defecto"}
          </figcaption>
        </figure>

        <div className="grid content-start gap-4">
          <form
            {...getFormProps(form)}
            method="post"
            action={ACTION}
            encType="multipart/form-data"
            aria-labelledby="banner-title"
            className="grid gap-3"
          >
            <input type="hidden" name="intent" value={BANNER_INTENT.update} />
            <Field
              field={fields.banner}
              label="Nueva imagen del banner"
              hint={`JPG, PNG, WebP. Máx ${uploadMaxMB("banner")}MB. Recomendado: 1920x1080px.`}
            >
              {(hintId) => (
                <FileInput
                  {...getInputProps(fields.banner, { type: "file", ariaDescribedBy: hintId })}
                  ref={fileRef}
                  accept={acceptFor("banner")}
                  disabled={busy || preparing}
                  chosenName={chosen?.name ?? null}
                  onFile={(file) => void pick(file)}
                />
              )}
            </Field>
            {preview && (
              <Button variant="outline" size="sm" className="w-fit" onClick={clearChoice} disabled={busy}>
                <X aria-hidden="true" />
                Quitar imagen seleccionada
              </Button>
            )}
            <StatusButton
              pending={preparing || (busy && fetcher.formData?.get("intent") === BANNER_INTENT.update)}
              pendingLabel={preparing ? "Procesando..." : "Guardando..."}
              disabled={busy || preparing}
              className="w-full sm:w-fit"
            >
              <Upload aria-hidden="true" />
              Actualizar Banner
            </StatusButton>
          </form>

          <div className="flex flex-col gap-2 border-t pt-4 sm:flex-row sm:flex-wrap">
            <BannerHistory
              current={banner}
              history={history}
              failed={historyFailed}
              disabled={busy}
              onRestore={(historyId) =>
                fetcher.submit(
                  { intent: BANNER_INTENT.restore, historyId },
                  { method: "post", action: ACTION },
                )
              }
              trigger={
                <Button variant="outline" disabled={busy}>
                  <History aria-hidden="true" />
                  Ver Historial (Últimas 5)
                </Button>
              }
            />
            <Button variant="outline" disabled={busy || !banner} onClick={() => setConfirmDefault(true)}>
              <RotateCcw aria-hidden="true" />
              Restaurar Por Defecto
            </Button>
          </div>
        </div>
      </div>
      <div className="mt-6">
        <BannerDisplay key={layout} layout={layout} banner={banner} />
      </div>
      <ConfirmDialog
        open={confirmDefault}
        onOpenChange={setConfirmDefault}
        title="¿Restaurar el banner por defecto?"
        description="La portada volverá a mostrar la imagen por defecto. El banner actual queda en el historial."
        confirmLabel="Restaurar"
        onConfirm={() =>
          fetcher.submit({ intent: BANNER_INTENT.restoreDefault }, { method: "post", action: ACTION })
        }
      />
    </Card>
  );
}
