import { href, useFetcher } from "react-router";
import { useReorder } from "~/components/images/use-reorder";
import { type FormReply, useReplyMessage } from "~/lib/forms";
import { MAX_HERO_IMAGES } from "~/lib/hero";
import { HERO_INTENT } from "~/lib/image-forms";
import { CarouselSettingsCard } from "./carousel-settings-card";
import { FrameCard } from "./frame-card";
import { GalleryCard } from "./gallery-card";
import { MainImageCard } from "./main-image-card";
import { StyleCard } from "./style-card";
import type { HeroAdminData } from "./types";

const ACTION = href("/admin/hero-images");

/**
 * /admin/hero-images (docs/product.md §3.6): the spec's four cards, and 'Encuadre' (issue 42)
 * after the display settings. The screen owns the
 * requests that move an image out of its card (delete, 'Establecer como principal'), so their
 * answers outlive the tile they came from.
 */
export function HeroAdmin({ images, settings }: HeroAdminData) {
  const changer = useFetcher<FormReply>();
  useReplyMessage(changer.data);
  const submit = (intent: string, id: string) =>
    changer.submit({ intent, id }, { method: "post", action: ACTION });
  const deletingId =
    changer.state !== "idle" && changer.formData?.get("intent") === HERO_INTENT.delete
      ? changer.formData.get("id")
      : null;
  const shown = images.filter((i) => i.id !== deletingId);
  const main = shown.find((i) => i.displayOrder === 0) ?? null;
  const reorder = useReorder(
    shown.filter((i) => i !== main),
    { intent: HERO_INTENT.reorder, action: ACTION },
  );

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <MainImageCard
        main={main}
        canAdd={!!main || shown.length < MAX_HERO_IMAGES}
        onDelete={(id) => submit(HERO_INTENT.delete, id)}
      />
      {/* Its positions read the focal point: a new point saved in 'Encuadre' starts it afresh. */}
      <StyleCard key={main ? `${main.id}:${main.focalX}:${main.focalY}` : "none"} main={main} />
      <FrameCard main={main} gallery={reorder.ordered} />
      <GalleryCard
        reorder={reorder}
        total={shown.length}
        busy={changer.state !== "idle"}
        onSetMain={(id) => submit(HERO_INTENT.setMain, id)}
        onDelete={(id) => submit(HERO_INTENT.delete, id)}
      />
      <CarouselSettingsCard settings={settings} />
    </div>
  );
}
