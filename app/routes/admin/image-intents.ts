import type { DomainError } from "~/.server/errors";
import { type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import { altTextSchema, type ImageListIntents, imageOrderSchema } from "~/lib/image-forms";
import type { Permission } from "~/lib/permissions";
import { errorToast, type ToastMessage } from "~/lib/toast";

/**
 * What the hero screen and the 'Carrusel Clientes' tab say alike about their images
 * (docs/product.md §3.2, §3.6), and the two intents they share: the order and the alt text.
 */

const intent = staffIntentsWith<ToastMessage>();

/** '{what}: {detail}' for a failed change to an image, or 'Imagen no encontrada.' (docs/product.md §3.6). */
export function imageFailure(what: string) {
  return (error: DomainError | null): ToastMessage => {
    if (error?.kind === "not_found") return errorToast("Imagen no encontrada.");
    const detail =
      error?.reason === "image-order-stale"
        ? "la lista cambió mientras tanto; recarga la página."
        : error?.kind === "invalid"
          ? // A value the database refused: no field is marked (an order has none), so none is pointed at.
            "la base de datos no aceptó el cambio. Recarga la página y vuelve a intentarlo."
          : "la base de datos no respondió.";
    return errorToast(`${what}: ${detail}`);
  };
}

export const success = (description: string): ToastMessage => ({ title: "Éxito", description });

/** A delete's answer: done, or done except the stored file (docs/product.md §4.8: a warning, not an error). */
export const imageDeleted = ({ filesRemoved }: { filesRemoved: boolean }): ToastMessage =>
  filesRemoved
    ? success("Imagen eliminada correctamente.")
    : {
        title: "Atención",
        description: "La imagen se eliminó de la base de datos, pero no del almacenamiento.",
        variant: "warning",
      };

/** The screen's `reorder` (drag-and-drop and the move buttons) and `alt` (the alt text) intents. */
export function orderAndAltIntents(
  names: ImageListIntents,
  permission: Permission,
  fns: { reorder: (ids: string[]) => Promise<void>; saveAlt: (id: string, altText: string) => Promise<void> },
): StaffIntentTable<ToastMessage> {
  return {
    [names.reorder]: intent({
      permission,
      schema: imageOrderSchema,
      run: ({ ids }) => fns.reorder(ids),
      // The list itself shows the new order (and announces it to screen readers): no toast per move.
      done: () => null,
      failed: imageFailure("No se pudo guardar el orden"),
    }),
    [names.alt]: intent({
      permission,
      schema: altTextSchema,
      run: ({ id, altText }) => fns.saveAlt(id, altText),
      done: () => success("Descripción guardada."),
      failed: imageFailure("No se pudo guardar la descripción"),
    }),
  };
}
