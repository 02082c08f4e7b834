/** The about page's customer photos ('Carrusel Clientes', docs/product.md §3.2), shared by the server and the tab. */

import { plural } from "./plural";
import type { ToastMessage } from "./toast";

/** docs/product.md §4.8: at most 10 photos on /nosotros; only active photos count (an inactive one waits in the tab). */
export const MAX_CUSTOMER_PHOTOS = 10;

/** Photos kept in the tab, active or not: beyond this the admin deletes switched-off ones first. */
export const MAX_STORED_CUSTOMER_PHOTOS = 30;

/** docs/product.md §2.6, §4.8: the alt text a new photo gets, also the page's fallback for a photo without one. */
export const CUSTOMER_PHOTO_DEFAULT_ALT = "Cliente satisfecho";

/** docs/product.md §3.2 'Límite Excedido', said by the tab before uploading and by the server. */
export const CUSTOMER_PHOTO_LIMIT_TOAST = {
  title: "Límite Excedido",
  description: `Solo puedes subir un máximo de ${MAX_CUSTOMER_PHOTOS} imágenes.`,
  variant: "destructive",
} as const;

/** Switching on an 11th photo: the same limit, said for the switch. */
export const CUSTOMER_PHOTO_ACTIVE_LIMIT_TOAST = {
  title: "Límite Excedido",
  description: `Solo puede haber ${MAX_CUSTOMER_PHOTOS} imágenes activas: desactiva otra primero.`,
  variant: "destructive",
} as const;

/** The tab keeps at most MAX_STORED_CUSTOMER_PHOTOS, switched off or not. */
export const CUSTOMER_PHOTO_STORED_LIMIT_TOAST = {
  title: "Límite Excedido",
  description: `Ya guardas ${MAX_STORED_CUSTOMER_PHOTOS} imágenes: elimina alguna desactivada para subir otras.`,
  variant: "destructive",
} as const;

/** docs/product.md §3.2 'Error de Subida': one file of the batch was refused, by the browser or the server. */
export const customerPhotoRefused = (fileName: string, detail: string) => ({
  title: "Error de Subida",
  description: `No se pudo subir el archivo ${fileName}. ${detail}`,
  variant: "destructive" as const,
});

/**
 * docs/product.md §3.2: what the batch did, once it is done, with its counts in words ('1 imagen
 * subida y guardada.', '2 imágenes subidas y guardadas.'), and the files refused, whose reasons
 * stay in the tab's list. Null when there is nothing to add: one refused photo's own toast says it.
 */
export function customerPhotosUploaded(stored: number, failed = 0): ToastMessage | null {
  const done = `${plural(stored, "imagen subida y guardada", "imágenes subidas y guardadas")}.`;
  const notDone = `${plural(failed, "imagen no se pudo subir", "imágenes no se pudieron subir")}: el motivo está en la lista.`;
  if (failed === 0) return stored > 0 ? { title: "Éxito", description: done } : null;
  if (stored > 0)
    return { title: "Subida incompleta", description: `${done} ${notDone}`, variant: "warning" };
  return failed > 1 ? { title: "Error de Subida", description: notDone, variant: "destructive" } : null;
}
