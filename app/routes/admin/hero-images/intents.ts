import type { StaffUser } from "~/.server/auth/sessions";
import {
  removeHeroImage,
  reorderHeroGallery,
  saveHeroAltText,
  saveHeroCarouselSettings,
  saveHeroFrame,
  saveHeroStyle,
  setMainHeroImage,
  uploadHeroImage,
} from "~/.server/content/hero-admin";
import type { FileDeps } from "~/.server/deps";
import type { DomainError } from "~/.server/errors";
import { type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import { MAX_HERO_IMAGES } from "~/lib/hero";
import {
  HERO_INTENT,
  heroCarouselSettingsSchema,
  heroStyleSchema,
  imageIdSchema,
  imageUploadSchema,
} from "~/lib/image-forms";
import { errorToast, type ToastMessage } from "~/lib/toast";
import { isUploadRefusal, uploadRefusalMessage } from "~/lib/uploads";
import { imageDeleted, imageFailure, orderAndAltIntents, success } from "../image-intents";
import { HERO_FRAME_INTENT, heroFrameSchema } from "./frame-form";

const intent = staffIntentsWith<ToastMessage>();

/** docs/product.md §3.6: 'No se pudo {what}: {detail}', or the refusal's own title. */
function heroFailure(what: string) {
  const other = imageFailure(what);
  return (error: DomainError | null): ToastMessage => {
    if (error && isUploadRefusal(error.reason)) return errorToast(uploadRefusalMessage(error.reason, "hero"));
    if (error?.reason === "hero-limit") {
      return errorToast(
        `No se pueden tener más de ${MAX_HERO_IMAGES} imágenes en total.`,
        "Límite Alcanzado",
      );
    }
    if (error?.reason === "hero-main-in-use") {
      return errorToast(
        "La imagen principal no se puede eliminar mientras haya otras imágenes. Establece otra como principal primero.",
        "Acción no permitida",
      );
    }
    return other(error);
  };
}

/** The uploads of /admin/hero-images, sent with progress through /admin/uploads. */
export function heroUploadIntents(deps: FileDeps, user: StaffUser): StaffIntentTable<ToastMessage> {
  return {
    [HERO_INTENT.mainSave]: intent({
      permission: "content:manage",
      schema: imageUploadSchema,
      run: ({ image, requestKey }) =>
        uploadHeroImage(deps, { image, target: "main", by: user.id, requestKey }),
      done: () => success("Imagen principal actualizada."),
      failed: heroFailure("No se pudo guardar la imagen principal"),
    }),
    [HERO_INTENT.galleryAdd]: intent({
      permission: "content:manage",
      schema: imageUploadSchema,
      run: ({ image, requestKey }) =>
        uploadHeroImage(deps, { image, target: "gallery", by: user.id, requestKey }),
      done: () => success("Imagen añadida a la galería."),
      failed: heroFailure("No se pudo añadir la imagen"),
    }),
  };
}

/** Every other change of /admin/hero-images (docs/product.md §3.6). */
export function heroIntents(deps: FileDeps): StaffIntentTable<ToastMessage> {
  return {
    [HERO_INTENT.setMain]: intent({
      permission: "content:manage",
      schema: imageIdSchema,
      run: ({ id }) => setMainHeroImage(deps, id),
      done: () => success("Imagen establecida como principal."),
      failed: heroFailure("No se pudo establecer como principal"),
    }),
    [HERO_INTENT.delete]: intent({
      permission: "content:manage",
      schema: imageIdSchema,
      run: ({ id }) => removeHeroImage(deps, id),
      done: imageDeleted,
      failed: heroFailure("No se pudo eliminar la imagen"),
    }),
    [HERO_INTENT.styleSave]: intent({
      permission: "content:manage",
      schema: heroStyleSchema,
      run: (style) => saveHeroStyle(deps, style),
      done: () => success("Ajustes guardados."),
      failed: heroFailure("No se pudo guardar los ajustes"),
      invalid: () => errorToast("No se pudo guardar los ajustes: revisa los campos marcados."),
    }),
    [HERO_FRAME_INTENT]: intent({
      permission: "content:manage",
      schema: heroFrameSchema,
      run: (frame) => saveHeroFrame(deps, frame),
      done: () => success("Encuadre guardado."),
      failed: heroFailure("No se pudo guardar el encuadre"),
      invalid: () => errorToast("No se pudo guardar el encuadre: revisa los campos marcados."),
    }),
    [HERO_INTENT.settingsSave]: intent({
      permission: "content:manage",
      schema: heroCarouselSettingsSchema,
      run: (settings) => saveHeroCarouselSettings(deps, settings),
      done: () => success("Configuración guardada."),
      failed: heroFailure("No se pudo guardar la configuración"),
      invalid: () => errorToast("No se pudo guardar la configuración: revisa los campos marcados."),
    }),
    ...orderAndAltIntents(HERO_INTENT, "content:manage", {
      reorder: (ids) => reorderHeroGallery(deps, ids),
      saveAlt: (id, altText) => saveHeroAltText(deps, id, altText),
    }),
  };
}
