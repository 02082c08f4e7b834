import {
  addCategory,
  CategoryInUseError,
  moveCategory,
  removeCategory,
  renameCategory,
} from "~/.server/catalog/category-changes";
import { removeProduct, saveProduct, setVisibility, toggleStock } from "~/.server/catalog/product-changes";
import type { FileDeps } from "~/.server/deps";
import type { DomainError } from "~/.server/errors";
import { type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import {
  PRODUCTS_INTENT,
  productIdSchema,
  productSaveSchema,
  productVisibilitySchema,
} from "~/lib/catalog-form";
import {
  CATEGORY_INTENT,
  categoryAddSchema,
  categoryInUseMessage,
  categoryMoveSchema,
  categoryRemoveSchema,
  categoryRenameSchema,
} from "~/lib/category-form";
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
            ? // A value the database refused: no field is marked, so none is pointed at.
              "la base de datos no aceptó uno de los valores. Recarga la página y vuelve a intentarlo."
            : "la base de datos no respondió.";
    return errorToast(`${what}: ${reason}`);
  };
}

const success = (description: string): ToastMessage => ({ title: "Éxito", description });

/** 'No se pudo … la categoría: {reason}', or the refusal of a category still in use. */
function categoryFailure(what: string) {
  return (error: DomainError | null): ToastMessage => {
    if (error instanceof CategoryInUseError)
      return errorToast(categoryInUseMessage(error.label, error.products));
    const reason =
      error?.kind === "not_found"
        ? "la categoría ya no existe."
        : error?.kind === "conflict"
          ? "ya existe una categoría con ese nombre."
          : error?.kind === "invalid"
            ? "revisa el nombre."
            : "la base de datos no respondió.";
    return errorToast(`${what}: ${reason}`);
  };
}

/** The name's refusals the schema cannot see, shown by the name field. */
function categoryNameError(e: DomainError): Record<string, string[]> | undefined {
  if (e.reason === "category-taken") return { label: ["Ya existe una categoría con ese nombre."] };
  if (e.reason === "category-name") return { label: ["Usa letras o números en el nombre."] };
  if (e.reason === "category-reserved")
    return { label: ["«Todos» ya es el filtro de toda la tienda: elige otro nombre."] };
  return undefined;
}

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
    [PRODUCTS_INTENT.visibility]: intent({
      permission: "products:manage",
      schema: productVisibilitySchema,
      run: ({ id, visible }) => setVisibility(deps, id, visible),
      done: (p) =>
        success(
          p.visible ? `«${p.name}» se muestra en la tienda.` : `«${p.name}» quedó oculto de la tienda.`,
        ),
      failed: productFailure("No se pudo cambiar la visibilidad"),
      invalid: () => errorToast("No se pudo cambiar la visibilidad: el producto ya no existe."),
    }),
    [PRODUCTS_INTENT.delete]: intent({
      permission: "products:manage",
      schema: productIdSchema,
      run: ({ id }) => removeProduct(deps, id),
      done: () => success("Producto eliminado."),
      failed: productFailure("No se pudo eliminar el producto"),
      invalid: () => errorToast("No se pudo eliminar el producto: el producto ya no existe."),
    }),
    ...categoryIntents(deps),
  };
}

/** 'Categorías' of the products tab (issue 38): the same permission as the products. */
function categoryIntents(deps: FileDeps): StaffIntentTable<ToastMessage> {
  return {
    [CATEGORY_INTENT.add]: intent({
      permission: "products:manage",
      schema: categoryAddSchema,
      run: ({ label }) => addCategory(deps, label),
      done: (c) => success(`Categoría «${c.label}» agregada.`),
      failed: categoryFailure("No se pudo agregar la categoría"),
      invalid: () => errorToast("No se pudo agregar la categoría: revisa el nombre."),
      fieldError: categoryNameError,
      resetForm: true,
    }),
    [CATEGORY_INTENT.rename]: intent({
      permission: "products:manage",
      schema: categoryRenameSchema,
      run: ({ value, label }) => renameCategory(deps, value, label),
      done: (c) => success(`Categoría renombrada a «${c.label}».`),
      failed: categoryFailure("No se pudo renombrar la categoría"),
      invalid: () => errorToast("No se pudo renombrar la categoría: revisa el nombre."),
      fieldError: categoryNameError,
    }),
    [CATEGORY_INTENT.move]: intent({
      permission: "products:manage",
      schema: categoryMoveSchema,
      run: ({ value, direction }) => moveCategory(deps, value, direction),
      done: (c) => success(`«${c.label}» está ahora en la posición ${c.position}.`),
      failed: categoryFailure("No se pudo cambiar el orden"),
    }),
    [CATEGORY_INTENT.remove]: intent({
      permission: "products:manage",
      schema: categoryRemoveSchema,
      run: ({ value }) => removeCategory(deps, value),
      done: (c) => success(`Categoría «${c.label}» eliminada.`),
      failed: categoryFailure("No se pudo eliminar la categoría"),
    }),
  };
}
