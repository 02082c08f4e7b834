import { z } from "zod";
import type { StaffUser } from "~/.server/auth/sessions";
import { restoreBanner, restoreDefaultBanner, updateBanner } from "~/.server/content/banner";
import { bannerPlacement } from "~/.server/content/hero";
import { updateSiteSettings } from "~/.server/content/site-admin";
import type { FileDeps } from "~/.server/deps";
import type { DomainError } from "~/.server/errors";
import { type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import {
  BANNER_INTENT,
  BANNER_NOT_CHOSEN,
  bannerLayoutSchema,
  bannerRestoreSchema,
  bannerUpdateSchema,
} from "~/lib/appearance-forms";
import { errorToast, type ToastMessage } from "~/lib/toast";
import { isUploadRefusal, uploadRefusalMessage } from "~/lib/uploads";

const intent = staffIntentsWith<ToastMessage>();

/** 'Banner actualizado.', and why the landing page does not show it when the carousel hides it. */
function updated(placement: { onHome: boolean }): ToastMessage {
  return {
    title: "Éxito",
    description: placement.onHome
      ? "Banner actualizado."
      : "Banner actualizado. La portada no lo muestra mientras el carrusel de 'Imágenes Hero' esté activado.",
  };
}

const detail = (error: DomainError | null) =>
  error?.kind === "not_found" ? "Imagen no encontrada." : "la base de datos no respondió.";

/** The banner's intents (docs/product.md §3.5), with the spec's messages (§6). */
export function bannerIntents(deps: FileDeps, user: StaffUser): StaffIntentTable<ToastMessage> {
  return {
    [BANNER_INTENT.update]: intent({
      permission: "content:manage",
      schema: bannerUpdateSchema,
      run: async ({ banner }) => {
        await updateBanner(deps, banner, user.id);
        return bannerPlacement(deps.db, deps.logger);
      },
      done: updated,
      failed: (error) =>
        error && isUploadRefusal(error.reason)
          ? errorToast(uploadRefusalMessage(error.reason, "banner"))
          : errorToast(`No se pudo guardar el banner: ${detail(error)}`),
      invalid: (errors) => {
        const message = errors.banner?.[0] ?? BANNER_NOT_CHOSEN;
        return message === BANNER_NOT_CHOSEN
          ? { title: "Sin cambios", description: BANNER_NOT_CHOSEN }
          : errorToast(message);
      },
      fieldError: (e) =>
        isUploadRefusal(e.reason) ? { banner: [uploadRefusalMessage(e.reason, "banner")] } : undefined,
      resetForm: true,
    }),
    [BANNER_INTENT.layout]: intent({
      permission: "content:manage",
      schema: bannerLayoutSchema,
      run: ({ layout }) => updateSiteSettings(deps, { bannerLayout: layout }, user.id, "banner"),
      done: () => ({ title: "Guardado", description: "Se guardó cómo se muestra el banner." }),
      failed: (error) => errorToast(`No se pudo guardar: ${detail(error)}`),
      invalid: (errors) => errorToast(errors.layout?.[0] ?? "Elige cómo se muestra el banner."),
    }),
    [BANNER_INTENT.restore]: intent({
      permission: "content:manage",
      schema: bannerRestoreSchema,
      run: ({ historyId }) => restoreBanner(deps, historyId, user.id),
      done: () => ({ title: "Restaurado", description: "El banner se restauró desde el historial." }),
      failed: (error) => errorToast(`No se pudo restaurar el banner: ${detail(error)}`),
      invalid: () => errorToast("No se pudo restaurar el banner: Imagen no encontrada."),
    }),
    [BANNER_INTENT.restoreDefault]: intent({
      permission: "content:manage",
      schema: z.object({}),
      run: () => restoreDefaultBanner(deps, user.id),
      done: () => ({ title: "Restaurado", description: "Se restauró el banner por defecto." }),
      failed: (error) => errorToast(`No se pudo restaurar el banner: ${detail(error)}`),
    }),
  };
}
