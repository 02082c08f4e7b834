import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { href, useFetcher } from "react-router";
import { HeroSlideImage } from "~/components/hero-slide-image";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Slider } from "~/components/ui/slider";
import { StatusButton } from "~/components/ui/status-button";
import { type FormReply, useReplyMessage, useZodForm } from "~/lib/forms";
import { HERO_STYLE_DEFAULTS, type HeroStyleSettings } from "~/lib/hero";
import { focalAfterStyle, heroSlideFrame, positionWordX, positionWordY } from "~/lib/hero-frame";
import { HERO_INTENT, heroStyleSchema } from "~/lib/image-forms";
import { srcSetFor } from "~/lib/images";
import { notifyError } from "~/lib/toast";
import type { HeroImageView } from "./types";

const FITS: [HeroStyleSettings["object_fit"], string][] = [
  ["cover", "Cubrir (cover)"],
  ["contain", "Contener (contain)"],
  ["fill", "Estirar (fill)"],
  ["none", "Tamaño original (none)"],
  ["scale-down", "Reducir si hace falta (scale-down)"],
];
const XS: [HeroStyleSettings["object_position_x"], string][] = [
  ["left", "Izquierda"],
  ["center", "Centro"],
  ["right", "Derecha"],
];
const YS: [HeroStyleSettings["object_position_y"], string][] = [
  ["top", "Arriba"],
  ["center", "Centro"],
  ["bottom", "Abajo"],
];

/**
 * Card 2 (docs/product.md §3.6): how the landing shows the main image: width and height (10–100 %),
 * fit and position, with a live preview drawn by the landing's own image component. The positions
 * are coarse presets of the focal point of 'Encuadre' (issue 42): they read the word nearest the
 * point, and a changed one moves the point to that edge or the centre when saved.
 */
export function StyleCard({ main }: { main: HeroImageView | null }) {
  const fetcher = useFetcher<FormReply>();
  useReplyMessage(fetcher.data);
  const [style, setStyle] = useState<HeroStyleSettings>(() =>
    main
      ? {
          ...main.style,
          object_position_x: positionWordX(main.focalX),
          object_position_y: positionWordY(main.focalY),
        }
      : HERO_STYLE_DEFAULTS,
  );
  const [form, fields] = useZodForm(heroStyleSchema, {
    id: "hero-style",
    lastResult: fetcher.data?.intent === HERO_INTENT.styleSave ? fetcher.data.result : undefined,
    defaultValue: style,
    onInvalidSubmit: () => notifyError("No se pudo guardar los ajustes: revisa los campos marcados."),
  });
  const preview = main
    ? heroSlideFrame({ ...focalAfterStyle(main, style), overlay: main.overlay, brightness: main.brightness })
    : undefined;
  const set = <K extends keyof HeroStyleSettings>(key: K, value: HeroStyleSettings[K]) =>
    setStyle((s) => ({ ...s, [key]: value }));
  const select = (
    key: "object_fit" | "object_position_x" | "object_position_y",
    label: string,
    options: [string, string][],
  ) => (
    <Field field={fields[key]} label={label} className="content-start">
      <NativeSelect
        id={fields[key].id}
        name={fields[key].name}
        value={style[key]}
        aria-invalid={fields[key].errors ? true : undefined}
        aria-describedby={fields[key].errorId}
        onChange={(e) => set(key, e.currentTarget.value as never)}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
  const size = (key: "width" | "height", label: string) => (
    <div className="grid content-start gap-1">
      <div className="flex items-center justify-between">
        <Label htmlFor={fields[key].id}>{label}</Label>
        <output htmlFor={fields[key].id} className="text-sm font-medium tabular-nums">
          {style[key]} %
        </output>
      </div>
      <Slider
        id={fields[key].id}
        name={fields[key].name}
        min={10}
        max={100}
        step={1}
        value={style[key]}
        aria-describedby={fields[key].errorId}
        onChange={(e) => set(key, Number(e.currentTarget.value))}
      />
      <FieldError id={fields[key].errorId} errors={fields[key].errors} />
    </div>
  );

  return (
    <Card role="region" aria-labelledby="hero-style-title">
      <CardHeader>
        <CardTitle as="h2" id="hero-style-title">
          Ajustes de Visualización
        </CardTitle>
        <CardDescription>Cómo se ve la imagen principal en la portada.</CardDescription>
      </CardHeader>
      <CardContent>
        {main ? (
          <fetcher.Form
            method="post"
            action={href("/admin/hero-images")}
            {...getFormProps(form)}
            className="grid gap-5"
          >
            <input type="hidden" name="intent" value={HERO_INTENT.styleSave} />
            <figure className="grid gap-2">
              <div className="relative aspect-video overflow-hidden rounded-xl bg-primary">
                <div className="absolute inset-0">
                  <HeroSlideImage
                    slide={{
                      id: main.id,
                      style,
                      src: main.imageUrl,
                      srcSet: srcSetFor(main.imageUrl, "hero"),
                      alt: "",
                      frame: preview,
                    }}
                    priority={false}
                  />
                </div>
                <div className="absolute inset-0 bg-black" style={{ opacity: preview?.overlay }} />
              </div>
              <figcaption className="text-xs text-muted-foreground">
                Vista previa (con el oscurecido de la portada)
              </figcaption>
            </figure>
            <div className="grid gap-4 sm:grid-cols-2">
              {size("width", "Ancho")}
              {size("height", "Alto")}
            </div>
            {select("object_fit", "Ajuste de la imagen", FITS)}
            <div className="grid gap-4 sm:grid-cols-2">
              {select("object_position_x", "Posición horizontal", XS)}
              {select("object_position_y", "Posición vertical", YS)}
            </div>
            <StatusButton
              pending={fetcher.state !== "idle"}
              disabled={fetcher.state !== "idle"}
              className="w-full sm:w-fit"
            >
              Guardar Ajustes
            </StatusButton>
          </fetcher.Form>
        ) : (
          <p className="rounded-xl border border-dashed bg-muted px-4 py-8 text-center text-sm text-muted-foreground">
            Sube primero una imagen principal.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
