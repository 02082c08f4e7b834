import {
  addCustomerPhoto,
  removeCustomerPhoto,
  reorderCustomerPhotos,
  saveCustomerPhotoAltText,
  setCustomerPhotoActive,
} from "~/.server/content/customer-photos";
import type { FileDeps } from "~/.server/deps";
import { type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import {
  CUSTOMER_PHOTO_ACTIVE_LIMIT_TOAST,
  CUSTOMER_PHOTO_LIMIT_TOAST,
  CUSTOMER_PHOTO_STORED_LIMIT_TOAST,
  customerPhotoRefused,
} from "~/lib/customer-photos";
import {
  CUSTOMER_PHOTOS_INTENT,
  imageIdSchema,
  imageUploadSchema,
  photoActiveSchema,
} from "~/lib/image-forms";
import { errorToast, type ToastMessage } from "~/lib/toast";
import { isUploadRefusal, uploadRefusalDetail } from "~/lib/uploads";
import { imageDeleted, orderAndAltIntents, success } from "../image-intents";

const intent = staffIntentsWith<ToastMessage>();

/**
 * The upload of the 'Carrusel Clientes' tab, one photo per request, sent with progress through
 * /admin/uploads. No toast on success: the tab says '{n} imágenes subidas y guardadas.' once the
 * whole batch is done (docs/product.md §3.2).
 */
export function customerPhotoUploadIntents(deps: FileDeps): StaffIntentTable<ToastMessage> {
  return {
    [CUSTOMER_PHOTOS_INTENT.upload]: intent({
      permission: "content:manage",
      schema: imageUploadSchema,
      run: ({ image, requestKey }) => addCustomerPhoto(deps, image, requestKey),
      done: () => null,
      failed: (error, { image, fileName }) => {
        if (error?.reason === "customer-photo-limit") return CUSTOMER_PHOTO_LIMIT_TOAST;
        if (error?.reason === "customer-photo-stored-limit") return CUSTOMER_PHOTO_STORED_LIMIT_TOAST;
        if (error && isUploadRefusal(error.reason)) {
          const name = fileName || (image instanceof File ? image.name : "");
          return customerPhotoRefused(name, uploadRefusalDetail(error.reason, "customer"));
        }
        return errorToast("No se pudieron guardar las nuevas imágenes.", "Error en Base de Datos");
      },
    }),
  };
}

/** The tab's other changes (docs/product.md §3.2, §4.8). */
export function customerPhotoIntents(deps: FileDeps): StaffIntentTable<ToastMessage> {
  return {
    [CUSTOMER_PHOTOS_INTENT.toggle]: intent({
      permission: "content:manage",
      schema: photoActiveSchema,
      run: ({ id, isActive }) => setCustomerPhotoActive(deps, id, isActive),
      done: () => success("Estado de la imagen actualizado."),
      failed: (error) =>
        error?.reason === "customer-photo-active-limit"
          ? CUSTOMER_PHOTO_ACTIVE_LIMIT_TOAST
          : errorToast("No se pudo actualizar el estado de la imagen."),
    }),
    [CUSTOMER_PHOTOS_INTENT.delete]: intent({
      permission: "content:manage",
      schema: imageIdSchema,
      run: ({ id }) => removeCustomerPhoto(deps, id),
      done: imageDeleted,
      failed: () => errorToast("No se pudo eliminar la imagen de la base de datos."),
    }),
    ...orderAndAltIntents(CUSTOMER_PHOTOS_INTENT, "content:manage", {
      reorder: (ids) => reorderCustomerPhotos(deps, ids),
      saveAlt: (id, altText) => saveCustomerPhotoAltText(deps, id, altText),
    }),
  };
}
