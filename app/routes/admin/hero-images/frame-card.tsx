import { getFormProps } from "@conform-to/react";
import { ChevronDown } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { href, useFetcher } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { StatusButton } from "~/components/ui/status-button";
import { type FormReply, useReplyMessage, useZodForm } from "~/lib/forms";
import {
  clampPercent,
  FOCAL_STEP,
  HERO_OVERLAY_LABELS,
  HERO_OVERLAYS,
  type HeroOverlay,
  heroOverlayOpacity,
  heroSlideFrame,
} from "~/lib/hero-frame";
import { hasVariants, variantUrl } from "~/lib/images";
import { notifyError } from "~/lib/toast";
import { HERO_FRAME_INTENT, heroFrameSchema } from "./frame-form";
import { FramePreviews } from "./frame-previews";
import type { HeroImageView } from "./types";

const ACTION = href("/admin/hero-images");

/** The 960 px copy: sharp enough for the picker and both previews, one download for the three. */
const previewSrc = (url: string) => (hasVariants(url) ? variantUrl(url, 960) : url);

/** A typed percent, or the last good one while the field is being edited. */
function readPercent(typed: string, fallback: number): number {
  const n = Number(typed);
  return typed.trim() !== "" && Number.isFinite(n) ? clampPercent(n) : fallback;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-FOCAL_STEP, 0],
  ArrowRight: [FOCAL_STEP, 0],
  ArrowUp: [0, -FOCAL_STEP],
  ArrowDown: [0, FOCAL_STEP],
};

/** How much 'Automático' darkens this picture, in words ('oscurece un 53 %'). */
const autoWords = (brightness: number | null) =>
  `con esta foto oscurece un ${Math.round(heroOverlayOpacity("auto", brightness) * 100)} %`;

/**
 * 'Encuadre' (issue 42): for each hero image, the point that stays in view on every screen (a tap
 * or click on the picture, the arrow keys, or the two numbers, which work without JavaScript) and
 * how much it is darkened under the title, with a phone's and a computer's preview drawn by the
 * landing's own components, updated as she taps; 'Guardar encuadre' saves it.
 */
export function FrameCard({ main, gallery }: { main: HeroImageView | null; gallery: HeroImageView[] }) {
  const items = [
    ...(main ? [{ image: main, name: "Imagen principal", isMain: true }] : []),
    ...gallery.map((image, i) => ({ image, name: `Galería: imagen ${i + 1}`, isMain: false })),
  ];
  return (
    <Card role="region" aria-labelledby="hero-frame-title" className="min-w-0 lg:col-span-2">
      <CardHeader>
        <CardTitle as="h2" id="hero-frame-title">
          Encuadre
        </CardTitle>
        <CardDescription>
          En un teléfono la portada es más alta que ancha y solo se ve una parte de cada foto. Elige qué parte
          debe verse siempre y cuánto se oscurece detrás del título.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {items.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-muted px-4 py-8 text-center text-sm text-muted-foreground">
            Sube primero una imagen.
          </p>
        ) : (
          items.map(({ image, name, isMain }) => (
            // A new picture in the same place starts with its own framing: a fresh editor.
            <FrameItem key={`${image.id}:${image.imageUrl}`} image={image} name={name} isMain={isMain} />
          ))
        )}
      </CardContent>
    </Card>
  );
}

function FrameItem({ image, name, isMain }: { image: HeroImageView; name: string; isMain: boolean }) {
  return (
    <details className="group min-w-0 rounded-xl border bg-card">
      <summary className="flex cursor-pointer list-none items-center gap-3 rounded-xl p-3 hover:bg-muted [&::-webkit-details-marker]:hidden">
        <img
          src={hasVariants(image.imageUrl) ? variantUrl(image.imageUrl, 640) : image.imageUrl}
          alt=""
          loading="lazy"
          decoding="async"
          className="aspect-video w-16 shrink-0 rounded-md bg-muted object-cover"
          style={{ objectPosition: `${image.focalX}% ${image.focalY}%` }}
        />
        <span className="grid min-w-0 flex-1">
          <span className="font-medium">{name}</span>
          <span className="text-sm text-muted-foreground">
            Punto {image.focalX} % · {image.focalY} % · Oscurecido: {HERO_OVERLAY_LABELS[image.overlay].label}
          </span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="border-t p-3 sm:p-4">
        <FrameEditor image={image} name={name} isMain={isMain} />
      </div>
    </details>
  );
}

function FrameEditor({ image, name, isMain }: { image: HeroImageView; name: string; isMain: boolean }) {
  const fetcher = useFetcher<FormReply>();
  useReplyMessage(fetcher.data);
  const [x, setX] = useState(String(image.focalX));
  const [y, setY] = useState(String(image.focalY));
  const [overlay, setOverlay] = useState<HeroOverlay>(image.overlay);
  // A framing saved elsewhere (card 2's positions move the point) shows here at once; the fold
  // stays open, so this follows the saved values rather than starting a new editor.
  const saved = `${image.focalX}:${image.focalY}:${image.overlay}`;
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setX(String(image.focalX));
    setY(String(image.focalY));
    setOverlay(image.overlay);
  }
  const [form, fields] = useZodForm(heroFrameSchema, {
    id: `hero-frame-${image.id}`,
    lastResult: fetcher.data?.intent === HERO_FRAME_INTENT ? fetcher.data.result : undefined,
    defaultValue: { id: image.id, focalX: image.focalX, focalY: image.focalY, overlay: image.overlay },
    onInvalidSubmit: () => notifyError("No se pudo guardar el encuadre: revisa los campos marcados."),
  });
  const point = { focalX: readPercent(x, image.focalX), focalY: readPercent(y, image.focalY) };
  const moveTo = (fx: number, fy: number) => {
    setX(String(clampPercent(fx)));
    setY(String(clampPercent(fy)));
  };
  const onPick = (e: React.MouseEvent<HTMLButtonElement>) => {
    // Enter or Space on the button is no point on the picture: the arrows move it.
    if (e.detail === 0) return;
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    moveTo(((e.clientX - box.left) / box.width) * 100, ((e.clientY - box.top) / box.height) * 100);
  };
  const onKey = (e: React.KeyboardEvent<HTMLButtonElement>) => {
    const step = Object.hasOwn(ARROWS, e.key) ? ARROWS[e.key] : undefined;
    if (!step) return;
    e.preventDefault();
    moveTo(point.focalX + step[0], point.focalY + step[1]);
  };
  const src = previewSrc(image.imageUrl);
  const hintId = `hero-frame-${image.id}-hint`;
  const percentInput = (
    field: typeof fields.focalX,
    label: string,
    value: string,
    set: (v: string) => void,
  ) => (
    <Field field={field} label={label}>
      <Input
        id={field.id}
        name={field.name}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        value={value}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={field.errorId}
        onChange={(e) => set(e.currentTarget.value)}
      />
    </Field>
  );

  return (
    <fetcher.Form method="post" action={ACTION} {...getFormProps(form)} className="grid min-w-0 gap-5">
      <input type="hidden" name="intent" value={HERO_FRAME_INTENT} />
      <input type="hidden" name={fields.id.name} value={image.id} />
      <div className="grid min-w-0 gap-5 lg:grid-cols-2">
        <div className="grid min-w-0 content-start gap-3">
          <p id={hintId} className="text-sm text-muted-foreground">
            Toca la foto donde está lo importante (una cara, un letrero, un producto): esa parte se verá en
            todas las pantallas. Con el teclado, las flechas lo mueven de {FOCAL_STEP} en {FOCAL_STEP} %.
          </p>
          <div className="relative max-w-xl overflow-hidden rounded-lg bg-muted">
            <img src={src} alt="" className="block h-auto w-full select-none" draggable={false} />
            <button
              type="button"
              aria-label={`Elegir el punto que siempre se ve (${name}): ${point.focalX} % horizontal, ${point.focalY} % vertical`}
              aria-describedby={hintId}
              onClick={onPick}
              onKeyDown={onKey}
              className="absolute inset-0 size-full cursor-crosshair touch-manipulation rounded-lg outline-offset-2"
            >
              <span
                aria-hidden="true"
                className="pointer-events-none absolute size-8 -translate-x-1/2 -translate-y-1/2 rounded-full border-[3px] border-white bg-primary/40 shadow-[0_0_0_2px_rgb(0_0_0/0.55)]"
                style={{ left: `${point.focalX}%`, top: `${point.focalY}%` }}
              >
                <span className="absolute top-1/2 left-1/2 size-1.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white" />
              </span>
            </button>
          </div>
          <div className="grid max-w-xl grid-cols-2 gap-3">
            {percentInput(fields.focalX, "Horizontal (%)", x, setX)}
            {percentInput(fields.focalY, "Vertical (%)", y, setY)}
          </div>
          <output aria-live="polite" className="sr-only">
            Punto en {point.focalX} % horizontal y {point.focalY} % vertical.
          </output>
        </div>
        <fieldset className="grid min-w-0 content-start gap-2">
          <legend className="mb-2 text-sm font-medium">Oscurecido detrás del título</legend>
          {HERO_OVERLAYS.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-checked:border-primary has-checked:bg-primary/5"
            >
              <input
                type="radio"
                name={fields.overlay.name}
                value={value}
                checked={overlay === value}
                onChange={() => setOverlay(value)}
                aria-describedby={`${hintId}-${value}`}
                className="mt-0.5 size-5 shrink-0 accent-primary"
              />
              <span className="grid min-w-0 gap-0.5">
                <span className="text-sm font-medium">
                  {HERO_OVERLAY_LABELS[value].label}
                  {value === "auto" && (
                    <span className="font-normal text-muted-foreground">
                      {" "}
                      ({autoWords(image.brightness)})
                    </span>
                  )}
                </span>
                <span id={`${hintId}-${value}`} className="text-sm text-muted-foreground">
                  {HERO_OVERLAY_LABELS[value].hint}
                </span>
              </span>
            </label>
          ))}
          <FieldError id={fields.overlay.errorId} errors={fields.overlay.errors} />
        </fieldset>
      </div>
      <div className="grid min-w-0 gap-2">
        <p className="text-sm font-medium">Vista previa</p>
        <FramePreviews
          slide={{
            id: image.id,
            // As the landing: the display settings of card 2 belong to the main image only.
            style: isMain ? image.style : null,
            src,
            alt: "",
            frame: heroSlideFrame({ ...point, overlay, brightness: image.brightness }),
          }}
        />
      </div>
      <StatusButton
        pending={fetcher.state !== "idle"}
        disabled={fetcher.state !== "idle"}
        className="w-full sm:w-fit"
      >
        Guardar encuadre
      </StatusButton>
    </fetcher.Form>
  );
}
