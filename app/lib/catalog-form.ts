import { z } from "zod";
import { PRODUCT_FONTS } from "./catalog";

/**
 * The product form's schema, shared by the admin form (Conform) and the /admin action
 * (docs/product.md §3.2): name, stock quantity and category required; stock an integer ≥ 0.
 */

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => (v ? v : null));

const productFields = z.object({
  name: z
    .string({ error: "El nombre del producto es obligatorio." })
    .trim()
    .min(1, "El nombre del producto es obligatorio.")
    .max(200, "El nombre no puede superar los 200 caracteres."),
  description: optionalText(2000, "La descripción no puede superar los 2000 caracteres."),
  stockQuantity: z
    .string({ error: "La cantidad en stock es obligatoria." })
    .trim()
    .min(1, "La cantidad en stock es obligatoria.")
    .regex(/^-?\d+$/, "La cantidad en stock debe ser un número entero.")
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(0, "La cantidad en stock no puede ser negativa.")
        .max(1_000_000, "La cantidad en stock es demasiado grande."),
    ),
  category: z.string({ error: "Selecciona una categoría." }).trim().min(1, "Selecciona una categoría."),
  fontFamily: z
    .enum(PRODUCT_FONTS, { error: "Selecciona una fuente de la lista." })
    .optional()
    .default("Inter"),
  isOnSale: z
    .enum(["on", "true", "false"])
    .optional()
    .transform((v) => v === "on" || v === "true"),
  saleInfo: optionalText(60, "La información de la oferta no puede superar los 60 caracteres."),
});

export const productFormSchema = productFields;
export type ProductInput = z.output<typeof productFormSchema>;

/** 'Agregar Producto' / 'Guardar Cambios': the fields, the product's id when editing, the image. */
export const productSaveSchema = productFields.extend({
  id: z.uuid({ error: "Producto inválido." }).optional(),
  /** The admin removed the current image without choosing another. */
  removeImage: z
    .enum(["true"])
    .optional()
    .transform((v) => v === "true"),
  /** The resized picture (added to the form data on submit, so the browser never validates it). */
  image: z.instanceof(Blob).optional(),
});

/** The stock toggle and delete buttons of a product row. */
export const productIdSchema = z.object({ id: z.uuid({ error: "Producto inválido." }) });
