import { removeProduct, saveProduct, toggleStock } from "~/.server/catalog/product-changes";
import type { FileDeps } from "~/.server/deps";
import type { DomainError } from "~/.server/errors";
import { type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import { PRODUCTS_INTENT, productIdSchema, productSaveSchema } from "~/lib/catalog-form";
import { errorToast, type ToastMessage } from "~/lib/toast";
import { isUploadRefusal, uploadRefusalMessage } from "~/lib/uploads";

const intent = staffIntentsWith<ToastMessage>();

/** 'No se pudo … el producto: {reason}' (docs/product.md §6), from a typed refusal. */
function productFailure(what: string) {
  return (error: DomainError | null): ToastMessage => {
    if (error && isUploadRefusal(error.reason))
      return errorToast(uploadRefusalMessage(error.reason, "product"));
    const reason =
      error?.kind === "not_found"
        ? "el producto ya no existe."
        : error?.reason === "category"
          ? "la categoría no existe."
          : error?.kind === "invalid"
            ? "revisa los campos marcados."
            : "la base de datos no respondió.";
    return errorToast(`${what}: ${reason}`);
  };
}

const success = (description: string): ToastMessage => ({ title: "Éxito", description });

/** The products tab's intents (docs/product.md §3.2). */
export function productIntents(deps: FileDeps): StaffIntentTable<ToastMessage> {
  return {
    [PRODUCTS_INTENT.save]: intent({
      permission: "products:manage",
      schema: productSaveSchema,
      run: (v) => saveProduct(deps, v),
      done: ({ created }) => success(created ? "Producto agregado." : "Producto actualizado."),
      failed: productFailure("No se pudo guardar el producto"),
      invalid: () => errorToast("No se pudo guardar el producto: revisa los campos marcados."),
      fieldError: (e) =>
        e.reason === "category" ? { category: ["Selecciona una categoría de la lista."] } : undefined,
    }),
    [PRODUCTS_INTENT.toggleStock]: intent({
      permission: "products:manage",
      schema: productIdSchema,
      run: ({ id }) => toggleStock(deps, id),
      done: (p) => success(`Stock actualizado a ${p.stockQuantity}.`),
      failed: productFailure("No se pudo actualizar el stock"),
      invalid: () => errorToast("No se pudo actualizar el stock: el producto ya no existe."),
    }),
    [PRODUCTS_INTENT.delete]: intent({
      permission: "products:manage",
      schema: productIdSchema,
      run: ({ id }) => removeProduct(deps, id),
      done: () => success("Producto eliminado."),
      failed: productFailure("No se pudo eliminar el producto"),
      invalid: () => errorToast("No se pudo eliminar el producto: el producto ya no existe."),
    }),
  };
}
