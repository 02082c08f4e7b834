import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { ImageOff, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { prepareUpload, replaceInputFile } from "~/components/images/prepare";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FieldHint } from "~/components/ui/field-error";
import { FileInput } from "~/components/ui/file-input";
import { Input } from "~/components/ui/input";
import { Slider } from "~/components/ui/slider";
import { isCssLength } from "~/lib/site";
import { notifyError } from "~/lib/toast";
import { uploadRefusalMessage } from "~/lib/uploads";

type Meta = FieldMetadata<unknown>;
/** The part of Conform's form metadata these fields use. */
export type FormUpdater = { update: (opts: { name: string; value?: string }) => void };

export type LogoFieldsProps = {
  form: FormUpdater;
  fields: Record<"logoUrl" | "logo" | "logoTop" | "logoLeft" | "logoSize", Meta>;
  siteName: string;
};

/**
 * Logo upload or URL with a preview in a header bar, its position and its size (docs/product.md
 * §3.2, §4.5): choosing a file clears the URL; typing a URL clears the chosen file.
 */
export function LogoFields({ form, fields, siteName }: LogoFieldsProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(String(fields.logoUrl.initialValue ?? ""));
  const [chosen, setChosen] = useState<{ name: string; url: string } | null>(null);
  const fileUrl = chosen?.url ?? null;
  const [top, setTop] = useState(String(fields.logoTop.initialValue ?? "0px"));
  const [left, setLeft] = useState(String(fields.logoLeft.initialValue ?? "0px"));
  const [size, setSize] = useState(Number(fields.logoSize.initialValue ?? 50));

  useEffect(() => {
    if (!fileUrl) return;
    return () => URL.revokeObjectURL(fileUrl);
  }, [fileUrl]);

  const clearFile = () => {
    if (fileRef.current) fileRef.current.value = "";
    setChosen(null);
  };
  const pick = async (file: File | undefined) => {
    if (!file) return clearFile();
    // Checked and resized in the browser, posted in place of the original (issue 42); without
    // JavaScript the original goes and the server resizes it.
    const prepared = await prepareUpload(file, "logo");
    if (!prepared.ok) {
      notifyError(uploadRefusalMessage(prepared.refusal, "logo"));
      return clearFile();
    }
    replaceInputFile(fileRef.current, prepared.file);
    setChosen({ name: file.name, url: URL.createObjectURL(prepared.file) });
    form.update({ name: fields.logoUrl.name, value: "" });
    setUrl("");
  };
  const preview = fileUrl ?? url;
  const hintId = `${fields.logoTop.id}-hint`;

  return (
    <section aria-labelledby="appearance-section-logo" className="grid gap-4">
      <h3 id="appearance-section-logo" className="border-b pb-2 font-semibold">
        Logo
      </h3>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-4">
          <Field field={fields.logo} label="Subir logo">
            <FileInput
              {...getInputProps(fields.logo, { type: "file" })}
              ref={fileRef}
              accept="image/*"
              chosenName={chosen?.name ?? null}
              onFile={(file) => void pick(file)}
            />
          </Field>
          <Field field={fields.logoUrl} label="O la URL del logo">
            <Input
              {...getInputProps(fields.logoUrl, { type: "url" })}
              placeholder="https://mitienda.com/logo.png"
              onChange={(e) => {
                setUrl(e.target.value);
                if (e.target.value) clearFile();
              }}
            />
          </Field>
          <Button
            variant="outline"
            size="sm"
            className="w-fit"
            disabled={!preview}
            onClick={() => {
              clearFile();
              form.update({ name: fields.logoUrl.name, value: "" });
              setUrl("");
            }}
          >
            <X aria-hidden="true" />
            Quitar logo
          </Button>
        </div>

        <div className="grid content-start gap-2">
          <span className="text-sm font-medium" id="logo-preview-label">
            Vista previa
          </span>
          <div
            role="img"
            aria-labelledby="logo-preview-label"
            className="flex h-28 items-center overflow-hidden rounded-xl border bg-background px-4 shadow-xs"
          >
            {preview ? (
              <img
                src={preview}
                alt=""
                className="relative w-auto max-w-full object-contain"
                style={{
                  height: size,
                  top: isCssLength(top) ? top : "0px",
                  left: isCssLength(left) ? left : "0px",
                }}
              />
            ) : (
              <span className="flex items-center gap-2 text-sm text-muted-foreground">
                <ImageOff aria-hidden="true" className="size-5" />
                Sin logo
                <span className="ml-2 font-heading font-bold text-primary">{siteName}</span>
              </span>
            )}
          </div>
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field field={fields.logoTop} label="Posición superior (top)" className="content-start">
          <Input
            {...getInputProps(fields.logoTop, { type: "text", ariaDescribedBy: hintId })}
            onChange={(e) => setTop(e.target.value)}
          />
        </Field>
        <Field field={fields.logoLeft} label="Posición izquierda (left)" className="content-start">
          <Input
            {...getInputProps(fields.logoLeft, { type: "text", ariaDescribedBy: hintId })}
            onChange={(e) => setLeft(e.target.value)}
          />
        </Field>
        {/* One hint for both positions. */}
        <FieldHint id={hintId}>Medidas CSS, p. ej. 0px, 4px, -0.5rem o 5%.</FieldHint>
      </div>

      <Field field={fields.logoSize} label={`Tamaño del logo: ${size} px`} className="sm:max-w-sm">
        <Slider
          {...getInputProps(fields.logoSize, { type: "range" })}
          min={20}
          max={100}
          step={1}
          onChange={(e) => setSize(Number(e.target.value))}
        />
      </Field>
    </section>
  );
}
