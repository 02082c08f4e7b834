import { getFormProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { href, useFetcher } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Slider } from "~/components/ui/slider";
import { StatusButton } from "~/components/ui/status-button";
import { Switch } from "~/components/ui/switch";
import { type FormReply, useReplyMessage, useZodForm } from "~/lib/forms";
import { AUTOPLAY_SPEED, type HeroCarouselSettings } from "~/lib/hero";
import { HERO_INTENT, heroCarouselSettingsSchema } from "~/lib/image-forms";
import { notifyError } from "~/lib/toast";

/**
 * Card 4 (docs/product.md §3.6): on/off, autoplay speed (slider and number box, 1000–10000 ms in steps
 * of 500), arrows and dots. While the carousel is off every control but its switch is
 * disabled; hidden inputs still carry their values, so turning it off keeps them.
 */
export function CarouselSettingsCard({ settings }: { settings: HeroCarouselSettings }) {
  const fetcher = useFetcher<FormReply>();
  useReplyMessage(fetcher.data);
  const [enabled, setEnabled] = useState(settings.isEnabled);
  const [speed, setSpeed] = useState(String(settings.autoplaySpeed));
  const [arrows, setArrows] = useState(settings.showArrows);
  const [dots, setDots] = useState(settings.showDots);
  const [form, fields] = useZodForm(heroCarouselSettingsSchema, {
    id: "hero-carousel-settings",
    lastResult: fetcher.data?.intent === HERO_INTENT.settingsSave ? fetcher.data.result : undefined,
    defaultValue: { ...settings, autoplaySpeed: String(settings.autoplaySpeed) },
    onInvalidSubmit: () => notifyError("No se pudo guardar la configuración: revisa los campos marcados."),
  });
  const speedField = fields.autoplaySpeed;
  // The slider sets the number box without an input event of its own: check the new value once
  // it is in the form, so a shown error goes as soon as the speed is right.
  const shownError = !!speedField.errors;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new speed calls for a check.
  useEffect(() => {
    if (shownError) form.validate({ name: speedField.name });
  }, [speed]);
  const sliderValue = Math.min(
    AUTOPLAY_SPEED.max,
    Math.max(AUTOPLAY_SPEED.min, Number(speed) || AUTOPLAY_SPEED.min),
  );
  const toggle = (
    id: string,
    label: string,
    checked: boolean,
    onChange: (on: boolean) => void,
    disabled = false,
  ) => (
    <div className="flex items-center gap-3">
      <Switch id={id} checked={checked} onCheckedChange={onChange} disabled={disabled} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );

  return (
    <Card role="region" aria-labelledby="hero-settings-title" className="lg:col-span-2">
      <CardHeader>
        <CardTitle as="h2" id="hero-settings-title">
          Configuración del Carrusel
        </CardTitle>
        <CardDescription>
          Con el carrusel desactivado, la portada muestra una sola imagen fija.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          method="post"
          action={href("/admin/hero-images")}
          {...getFormProps(form)}
          className="grid gap-6"
        >
          <input type="hidden" name="intent" value={HERO_INTENT.settingsSave} />
          <input type="hidden" name={fields.isEnabled.name} value={String(enabled)} />
          <input type="hidden" name={fields.showArrows.name} value={String(arrows)} />
          <input type="hidden" name={fields.showDots.name} value={String(dots)} />
          {/* A disabled input is not sent: while the carousel is off, a hidden one carries the speed. */}
          {!enabled && <input type="hidden" name={speedField.name} value={speed} />}
          {toggle("carousel-enabled", "Carrusel activado", enabled, setEnabled)}
          <fieldset disabled={!enabled} className="grid gap-5 disabled:opacity-60">
            <legend className="sr-only">Opciones del carrusel</legend>
            <Field field={speedField} htmlFor="autoplay-slider" label="Velocidad de reproducción automática">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                <Slider
                  id="autoplay-slider"
                  min={AUTOPLAY_SPEED.min}
                  max={AUTOPLAY_SPEED.max}
                  step={AUTOPLAY_SPEED.step}
                  value={sliderValue}
                  aria-valuetext={`${sliderValue} milisegundos`}
                  onChange={(e) => setSpeed(e.currentTarget.value)}
                />
                <div className="flex items-center gap-2">
                  <Input
                    id={speedField.id}
                    name={enabled ? speedField.name : undefined}
                    type="number"
                    inputMode="numeric"
                    min={AUTOPLAY_SPEED.min}
                    max={AUTOPLAY_SPEED.max}
                    step={AUTOPLAY_SPEED.step}
                    value={speed}
                    aria-label="Velocidad en milisegundos"
                    aria-invalid={speedField.errors ? true : undefined}
                    aria-describedby={speedField.errorId}
                    className="w-28"
                    onChange={(e) => setSpeed(e.currentTarget.value)}
                  />
                  <span className="text-sm text-muted-foreground">ms</span>
                </div>
              </div>
            </Field>
            <div className="flex flex-col gap-4 sm:flex-row sm:gap-8">
              {toggle("carousel-arrows", "Mostrar flechas", arrows, setArrows, !enabled)}
              {toggle("carousel-dots", "Mostrar puntos", dots, setDots, !enabled)}
            </div>
          </fieldset>
          <StatusButton
            pending={fetcher.state !== "idle"}
            disabled={fetcher.state !== "idle"}
            className="w-full sm:w-fit"
          >
            Guardar Configuración
          </StatusButton>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
