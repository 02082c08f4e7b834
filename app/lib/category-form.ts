import { z } from "zod";

/**
 * The forms of 'Categorías' in the products tab (issue 38), shared by the admin section (Conform)
 * and the /admin action: add, rename, move up or down, remove. Whether a name is already taken
 * and whether products still use a category only the server can tell (category-changes.ts).
 */

export const CATEGORY_LABEL_MAX = 40;

const label = z
  .string({ error: "Escribe el nombre de la categoría." })
  .trim()
  .min(1, "Escribe el nombre de la categoría.")
  .max(CATEGORY_LABEL_MAX, `El nombre no puede superar los ${CATEGORY_LABEL_MAX} caracteres.`);

/** A category's value as the admin's forms post it (its slug, e.g. 'artesanía'). */
const value = z
  .string({ error: "La categoría ya no existe." })
  .trim()
  .min(1, "La categoría ya no existe.")
  .max(100, "La categoría ya no existe.");

export const categoryAddSchema = z.object({ label });
export const categoryRenameSchema = z.object({ value, label });
export const categoryMoveSchema = z.object({
  value,
  direction: z.enum(["up", "down"], { error: "Elige subir o bajar." }),
});
export const categoryRemoveSchema = z.object({ value });

/** The category intents of /admin, the 'Productos' tab (app/routes/admin/products/intents.ts). */
export const CATEGORY_INTENT = {
  add: "category-add",
  rename: "category-rename",
  move: "category-move",
  remove: "category-remove",
} as const;

/** 'No se puede eliminar «Comida»: la usan 3 productos.' */
export function categoryInUseMessage(label: string, products: number): string {
  return `No se puede eliminar «${label}»: la ${products === 1 ? "usa 1 producto" : `usan ${products} productos`}.`;
}

/** 'Ya existe una categoría «Comida».' (names are compared ignoring case and accents). */
export const categoryTakenMessage = (label: string) => `Ya existe una categoría «${label}».`;
