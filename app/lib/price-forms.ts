import { z } from "zod";
import {
  type BoxPrice,
  type Dimensions,
  inchesToCm,
  MAX_BOX_PRICE_CENTS,
  MAX_BOXES,
  MAX_PRICE_PER_POUND_CENTS,
  MAX_SIDE_INCHES,
  type PriceList,
  parseInches,
} from "./price-list";
import { centsToInput, parseUsd } from "./prices";

/**
 * The 'Precios' form of /admin/precios, shared by the form and its action: money as people type
 * it ('245', '245.00', '$245') stored in cents; measurements with a decimal point or comma;
 * anything negative, empty or absurd is a Spanish field error and nothing is saved.
 */

const money = (max: number, what: string) =>
  z
    .string({ error: `Escribe ${what}.` })
    .trim()
    .min(1, `Escribe ${what}.`)
    .transform((v, ctx) => {
      const cents = parseUsd(v);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: "Escribe un precio como 245, 245.50 o $245." });
        return z.NEVER;
      }
      if (cents <= 0) {
        ctx.addIssue({ code: "custom", message: "El precio debe ser mayor que $0." });
        return z.NEVER;
      }
      if (cents > max) {
        ctx.addIssue({
          code: "custom",
          message: `El precio no puede pasar de ${centsToInput(max)} dólares.`,
        });
        return z.NEVER;
      }
      return cents;
    });

/** A side as typed, checked: a number above 0 and up to the limit of its unit, or an issue. */
function readSide(v: string, what: string, unit: "in" | "cm", ctx: z.RefinementCtx): number | typeof z.NEVER {
  const n = parseInches(v);
  const max = unit === "in" ? MAX_SIDE_INCHES : Math.round(MAX_SIDE_INCHES * 2.54);
  if (n !== null && n <= max) return n;
  ctx.addIssue({
    code: "custom",
    message: `Escribe el ${what} en ${unit === "in" ? "pulgadas" : "centímetros"}: un número mayor que 0 y de hasta ${max}.`,
  });
  return z.NEVER;
}

/** A side in inches (required). */
const inches = (what: string) =>
  z
    .string({ error: `Escribe el ${what}.` })
    .trim()
    .min(1, `Escribe el ${what}.`)
    .max(10, "Demasiado largo.")
    .transform((v, ctx) => readSide(v, what, "in", ctx));

/** A side in centimetres (optional: null when left empty, then worked out from the inches). */
const cm = (what: string) =>
  z
    .string()
    .trim()
    .max(10, "Demasiado largo.")
    .optional()
    .transform((v, ctx) => (v ? readSide(v, what, "cm", ctx) : null));

const boxSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, "Caja no válida: recarga la página."),
  name: z.string().trim().max(60, "Máximo 60 caracteres.").optional(),
  largo: inches("largo"),
  ancho: inches("ancho"),
  alto: inches("alto"),
  largoCm: cm("largo"),
  anchoCm: cm("ancho"),
  altoCm: cm("alto"),
  price: money(MAX_BOX_PRICE_CENTS, "el precio de la caja"),
});

export const priceListSchema = z.object({
  boxes: z
    .array(boxSchema, { error: "Debe haber al menos una caja." })
    .min(1, "Debe haber al menos una caja.")
    .max(MAX_BOXES, `Máximo ${MAX_BOXES} cajas.`)
    .refine(
      (boxes) => new Set(boxes.map((b) => b.id)).size === boxes.length,
      "Hay cajas repetidas: recarga la página.",
    ),
  commission: z
    .string({ error: "Escribe la comisión." })
    .trim()
    .min(1, "Escribe la comisión.")
    .transform((v, ctx) => {
      const text = v.replace(/\s*%$/, "").replace(",", ".");
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || Number(text) > 100) {
        ctx.addIssue({
          code: "custom",
          message: "Escribe la comisión como un porcentaje de 0 a 100, p. ej. 15 o 12,5.",
        });
        return z.NEVER;
      }
      return Math.round(Number(text) * 100);
    }),
  pricePerPound: money(MAX_PRICE_PER_POUND_CENTS, "el precio por libra"),
});

export type PriceListForm = z.output<typeof priceListSchema>;

const dims = (a: number, b: number, c: number): Dimensions => [a, b, c];

/** The saved price list from the form (centimetres left empty are worked out from the inches). */
export function priceListOf(value: PriceListForm): PriceList {
  return {
    boxes: value.boxes.map((b): BoxPrice => {
      const inches = dims(b.largo, b.ancho, b.alto);
      return {
        id: b.id,
        name: b.name ?? "",
        inches,
        cm: dims(
          b.largoCm ?? inchesToCm(b.largo),
          b.anchoCm ?? inchesToCm(b.ancho),
          b.altoCm ?? inchesToCm(b.alto),
        ),
        priceCents: b.price,
      };
    }),
    commissionBasisPoints: value.commission,
    pricePerPoundCents: value.pricePerPound,
  };
}

const num = (n: number) => String(n).replace(".", ",");

/** What the form shows for a box (measurements with a decimal comma, money as '245.00'). */
function boxFormValues(b: BoxPrice): Record<string, string> {
  return {
    id: b.id,
    name: b.name,
    largo: num(b.inches[0]),
    ancho: num(b.inches[1]),
    alto: num(b.inches[2]),
    largoCm: num(b.cm[0]),
    anchoCm: num(b.cm[1]),
    altoCm: num(b.cm[2]),
    price: centsToInput(b.priceCents),
  };
}

/** What the form shows for the stored list. */
export function priceListFormValues(list: PriceList) {
  return {
    boxes: list.boxes.map(boxFormValues),
    commission: num(list.commissionBasisPoints / 100),
    pricePerPound: centsToInput(list.pricePerPoundCents),
  };
}

/** A new box's id: short, unique enough within one list. */
export function newBoxId(): string {
  return `caja-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export const restorePricesSchema = z.object({ changeId: z.uuid({ error: "Versión no encontrada." }) });

/** The intents of /admin/precios (app/routes/admin/prices/intents.ts). */
export const PRICES_INTENT = { save: "prices-save", restore: "prices-restore" } as const;
