import { Eye, Info } from "lucide-react";
import { useState } from "react";
import { href, Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { StatusButton } from "~/components/ui/status-button";
import { BANNER_INTENT } from "~/lib/appearance-forms";
import { BANNER_LAYOUT_LABELS } from "~/lib/change-labels";
import { useReplyMessage } from "~/lib/forms";
import { BANNER_LAYOUTS, type BannerLayout } from "~/lib/site";
import type { ContentActionData, ContentData } from "./types";

const HINTS: Record<BannerLayout, string> = {
  overlay:
    "Como el resto de la portada: el título y los botones sobre la imagen, un poco oscurecida para que se lean.",
  title: "El título y los botones sobre la imagen tal cual, sin oscurecerla.",
  full: "Para un banner con su propio texto (por ejemplo, 'CERRADO 24 y 25 de diciembre'): la imagen entera, sin recortar ni tapar, y el título debajo.",
};

/** Where the banner shows now, and why not when the carousel takes its place. */
export function BannerPlacement({ banner, placement }: Pick<ContentData, "banner" | "placement">) {
  if (!placement) return null;
  return (
    <p
      role="status"
      className={
        placement.onHome
          ? "flex gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm"
          : "flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      }
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {placement.onHome ? (
          banner ? (
            "Se ve ahora en la portada, y es la imagen al compartir las páginas del sitio."
          ) : (
            "Aún no subiste un banner: la portada muestra el dibujo que trae el sitio."
          )
        ) : (
          <>
            Ahora no se ve en la portada: el carrusel de{" "}
            <Link to={href("/admin/hero-images")} className="font-medium underline underline-offset-2">
              Imágenes Hero
            </Link>{" "}
            está activado con {placement.slides} {placement.slides === 1 ? "imagen" : "imágenes"} y ocupa su
            lugar. Desactívalo allí para mostrar el banner.
            {banner ? " Se sigue usando al compartir las páginas del sitio." : ""}
          </>
        )}
      </span>
    </p>
  );
}

/** 'Cómo se muestra el banner', with the landing page drawn at phone and desktop widths as the site draws it. */
export function BannerDisplay({ layout, banner }: Pick<ContentData, "layout" | "banner">) {
  const fetcher = useFetcher<ContentActionData>();
  useReplyMessage(fetcher.data);
  const [chosen, setChosen] = useState<BannerLayout>(layout);
  // Two live copies of the landing page are heavy on a phone: drawn only when asked for.
  const [previewing, setPreviewing] = useState(false);
  const busy = fetcher.state !== "idle";
  const previewUrl = `/?vista=banner&diseno=${chosen}`;
  return (
    <div className="grid gap-6 border-t pt-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <fetcher.Form method="post" action={href("/admin/content")} className="grid content-start gap-3">
        <input type="hidden" name="intent" value={BANNER_INTENT.layout} />
        <fieldset className="grid gap-3" disabled={busy || !banner}>
          <legend className="mb-1 font-semibold">Cómo se muestra el banner</legend>
          {!banner ? (
            <p className="text-sm text-muted-foreground">Sube un banner para elegir cómo se muestra.</p>
          ) : null}
          {BANNER_LAYOUTS.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer gap-3 rounded-lg border p-3 text-sm has-checked:border-primary has-checked:bg-primary/5"
            >
              <input
                type="radio"
                name="layout"
                value={value}
                checked={chosen === value}
                onChange={() => setChosen(value)}
                className="mt-1 size-4 accent-[hsl(var(--primary))]"
                aria-describedby={`banner-layout-${value}`}
              />
              <span>
                <span className="block font-medium">{BANNER_LAYOUT_LABELS[value]}</span>
                <span id={`banner-layout-${value}`} className="mt-0.5 block text-muted-foreground">
                  {HINTS[value]}
                </span>
              </span>
            </label>
          ))}
          <StatusButton pending={busy} disabled={chosen === layout} className="w-full sm:w-fit">
            Guardar cómo se muestra
          </StatusButton>
        </fieldset>
      </fetcher.Form>
      <figure className="grid content-start gap-2">
        <figcaption className="text-sm font-medium">
          Vista previa de la portada{chosen === layout ? "" : " (sin guardar)"}
        </figcaption>
        {previewing ? (
          <div className="flex flex-wrap items-start gap-4">
            <ScaledPage
              src={previewUrl}
              title="La portada en un teléfono"
              width={390}
              height={760}
              scale={0.42}
            />
            <ScaledPage
              src={previewUrl}
              title="La portada en una computadora"
              width={1280}
              height={760}
              scale={0.3}
            />
          </div>
        ) : (
          <Button
            variant="outline"
            className="h-auto w-full whitespace-normal sm:w-fit"
            onClick={() => setPreviewing(true)}
          >
            <Eye aria-hidden="true" />
            Ver vista previa
          </Button>
        )}
      </figure>
    </div>
  );
}

/** A page of the site drawn at a device's width and shown smaller; looked at, not used. */
function ScaledPage(p: { src: string; title: string; width: number; height: number; scale: number }) {
  return (
    <div className="grid gap-1">
      {/* inert: nothing in the preview takes focus or clicks (and a frame with focusable content
          must not be taken out of the tab order with tabindex=-1 instead). */}
      <div
        inert
        className="overflow-hidden rounded-lg border bg-muted shadow-sm"
        style={{ width: p.width * p.scale, height: p.height * p.scale }}
      >
        <iframe
          src={p.src}
          title={p.title}
          width={p.width}
          height={p.height}
          loading="lazy"
          className="pointer-events-none origin-top-left"
          style={{ transform: `scale(${p.scale})` }}
        />
      </div>
      <span className="text-xs text-muted-foreground">{p.title}</span>
    </div>
  );
}
