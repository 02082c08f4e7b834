import { z } from "zod";
import { PRODUCT_FONTS } from "./catalog";
import { MAX_PRICE_CENTS, parseUsd } from "./prices";

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

/** An optional amount in dollars ('12.50') → cents, or null when left empty. */
const optionalPrice = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const cents = parseUsd(v);
      if (cents == null) {
        ctx.addIssue({ code: "custom", message: `${label} debe ser un monto en dólares, p. ej. 12.50.` });
        return z.NEVER;
      }
      if (cents > MAX_PRICE_CENTS) {
        ctx.addIssue({ code: "custom", message: `${label} es demasiado alto.` });
        return z.NEVER;
      }
      return cents;
    });

const productObject = z.object({
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
  priceCents: optionalPrice("El precio"),
  salePriceCents: optionalPrice("El precio de oferta"),
});

type PriceFields = { priceCents: number | null; salePriceCents: number | null; isOnSale: boolean };

/** A sale price needs a regular price above it (only checked while the product is on sale). */
function checkSalePrice(v: PriceFields, ctx: z.RefinementCtx) {
  if (!v.isOnSale || v.salePriceCents == null) return;
  if (v.priceCents == null) {
    ctx.addIssue({
      code: "custom",
      path: ["priceCents"],
      message: "Indica el precio normal para mostrar la oferta.",
    });
  } else if (v.salePriceCents >= v.priceCents) {
    ctx.addIssue({
      code: "custom",
      path: ["salePriceCents"],
      message: "El precio de oferta debe ser menor que el precio normal.",
    });
  }
}

const productFields = productObject.superRefine(checkSalePrice);

/** 'Visible' (true) or 'Oculto' (false), as a switch's hidden input or a button's value posts it. */
const visibleField = z
  .enum(["on", "true", "false"], { error: "Elige visible u oculto." })
  .transform((v) => v !== "false");

export const productFormSchema = productFields;
export type ProductInput = z.output<typeof productFormSchema>;

/** 'Agregar Producto' / 'Guardar Cambios': the fields, the product's id when editing, the image. */
export const productSaveSchema = productObject
  .extend({
    id: z.uuid({ error: "Producto inválido." }).optional(),
    /** The admin removed the current image without choosing another. */
    removeImage: z
      .enum(["true"])
      .optional()
      .transform((v) => v === "true"),
    /** The resized picture (added to the form data on submit, so the browser never validates it). */
    image: z.instanceof(Blob).optional(),
    /** 'Visible en la tienda'; a form without it keeps the product as it is (a new one is shown). */
    visible: visibleField.optional(),
  })
  .superRefine(checkSalePrice);

/** The stock toggle and delete buttons of a product row. */
export const productIdSchema = z.object({ id: z.uuid({ error: "Producto inválido." }) });

/** 'Ocultar' / 'Mostrar' of a product row: the state asked for, so a repeated post changes nothing. */
export const productVisibilitySchema = productIdSchema.extend({ visible: visibleField });

/** The product intents of /admin, the 'Productos' tab (app/routes/admin/products/intents.ts). */
export const PRODUCTS_INTENT = {
  save: "product-save",
  toggleStock: "product-toggle-stock",
  visibility: "product-visibility",
  delete: "product-delete",
} as const;
