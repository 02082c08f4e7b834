import { z } from "zod";
import { ORDER_STATUSES } from "./orders";
import {
  DEFAULT_PHONE_COUNTRY,
  PHONE_COUNTRY_CODES,
  PHONE_INVALID_MESSAGE,
  type PhoneCountry,
  parsePhone,
} from "./phone";

// Zod schemas of the staff order and courier forms, shared by the forms (Conform) and the
// /admin/orders action. A missing name or description also raises the spec's 'Campos
// Requeridos' toast (REQUIRED_MESSAGE in ./orders.ts); each field says what it lacks. Kept apart from app/lib/orders.ts so the public tracking page does not
// ship the validation library to visitors.

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres.`)
    .optional()
    .transform((v) => (v ? v : null));

/** A record's id, sent by the list's buttons and the edit forms. */
const recordId = z.uuid({ error: "Registro inválido." });

const orderFields = z.object({
  customerName: z
    .string({ error: "El nombre del cliente es obligatorio." })
    .trim()
    .min(1, "El nombre del cliente es obligatorio.")
    .max(200, "Máximo 200 caracteres."),
  customerPhone: optionalText(50),
  /** How a number written without its country code is read (app/lib/phone.ts). */
  customerPhoneCountry: z
    .enum(PHONE_COUNTRY_CODES, { error: "País inválido." })
    .optional()
    .default(DEFAULT_PHONE_COUNTRY),
  customerAddress: optionalText(500),
  orderDescription: z
    .string({ error: "La descripción es obligatoria." })
    .trim()
    .min(1, "La descripción es obligatoria.")
    .max(2000, "Máximo 2000 caracteres."),
  orderTotal: optionalText(50),
});

type PhoneFields = { customerPhone: string | null; customerPhoneCountry: string };
const phoneOf = (v: PhoneFields) =>
  v.customerPhone ? parsePhone(v.customerPhone, v.customerPhoneCountry as PhoneCountry) : null;

/** The customer's phone must be valid in the chosen country (app/lib/phone.ts). */
function checkPhone(v: PhoneFields, ctx: z.RefinementCtx) {
  if (v.customerPhone && !phoneOf(v)) {
    ctx.addIssue({ code: "custom", path: ["customerPhone"], message: PHONE_INVALID_MESSAGE });
  }
}

/**
 * Then stored as E.164 (+50587654321); the country only served to read it. An overwrite, not a
 * transform, so the schema stays an object whose field constraints Conform can read.
 */
function toE164<T extends PhoneFields>(v: T): T {
  const { customerPhoneCountry: _country, ...rest } = v;
  return { ...rest, customerPhone: phoneOf(v)?.e164 ?? v.customerPhone } as unknown as T;
}

export const orderFormSchema = orderFields.superRefine(checkPhone).overwrite(toE164);
export type OrderFormValues = Omit<z.output<typeof orderFormSchema>, "customerPhoneCountry">;

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: "Estado inválido." });

export const orderEditSchema = orderFields
  .extend({
    id: recordId,
    status: orderStatusSchema,
    deliveryPersonId: z
      .string()
      .optional()
      .transform((v) => (v && v !== "none" ? v : null))
      .pipe(z.uuid("Repartidor inválido.").nullable()),
    estimatedDeliveryTime: optionalText(100),
    notes: optionalText(2000),
  })
  .superRefine(checkPhone)
  .overwrite(toE164);
export type OrderEditValues = Omit<z.output<typeof orderEditSchema>, "id" | "customerPhoneCountry">;

/** 'Cambiar a {status}' from the list. */
export const orderStatusChangeSchema = z.object({ id: recordId, status: orderStatusSchema });

/** Deleting an order or a courier names only the record. */
export const recordIdSchema = z.object({ id: recordId });

export const courierFormSchema = z.object({
  name: z
    .string({ error: "El nombre del repartidor es obligatorio." })
    .trim()
    .min(1, "El nombre del repartidor es obligatorio.")
    .max(100, "Máximo 100 caracteres."),
  phone: optionalText(50),
});
export type CourierFormValues = z.output<typeof courierFormSchema>;

export const courierEditSchema = courierFormSchema.extend({ id: recordId });

/** The intents of /admin/orders (app/routes/admin/orders/route.tsx), posted by its dialogs and menus. */
export const ORDERS_INTENT = {
  create: "create",
  update: "update",
  status: "status",
  delete: "delete",
  courierCreate: "courier-create",
  courierUpdate: "courier-update",
  courierDelete: "courier-delete",
} as const;
