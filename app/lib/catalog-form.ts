import { z } from "zod";
import { PRODUCT_FONTS } from "./catalog";

/** The product form's schema, shared by the admin form and its action (SPEC §5). Browser-safe. */

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => (v ? v : null));

/** SPEC §5 'Product form': name, stock quantity and category required; stock an integer ≥ 0. */
export const productFormSchema = z.object({
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
    .enum(["on", "true", "false", ""])
    .optional()
    .transform((v) => v === "on" || v === "true"),
  saleInfo: optionalText(60, "La información de la oferta no puede superar los 60 caracteres."),
});
export type ProductInput = z.output<typeof productFormSchema>;
export type ProductFieldErrors = Partial<Record<keyof ProductInput, string>>;

/** Parses the product form's text fields; errors are one Spanish message per field. */
export function parseProductForm(
  values: Record<string, unknown>,
): { ok: true; data: ProductInput } | { ok: false; fieldErrors: ProductFieldErrors } {
  const result = productFormSchema.safeParse(values);
  if (result.success) {
    const data = result.data;
    // Sale info only means something while the product is on sale.
    return { ok: true, data: { ...data, saleInfo: data.isOnSale ? data.saleInfo : null } };
  }
  const fieldErrors: ProductFieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof ProductInput | undefined;
    if (key && !fieldErrors[key]) fieldErrors[key] = issue.message;
  }
  return { ok: false, fieldErrors };
}
