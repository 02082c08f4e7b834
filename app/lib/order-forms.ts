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

/** A check and where its error goes, for `.refine(...check)`. */
type RefineArgs<T> = [(v: T) => boolean, { path: string[]; message: string; when: () => boolean }];

type PhoneFields = { customerPhone: string | null; customerPhoneCountry: string };
const phoneOf = (v: PhoneFields) =>
  v.customerPhone ? parsePhone(v.customerPhone, v.customerPhoneCountry as PhoneCountry) : null;

/**
 * The customer's phone must be valid in the chosen country (app/lib/phone.ts). Checked even when
 * other fields are wrong (`when`), so every field error shows at once.
 */
const phoneCheck: RefineArgs<PhoneFields> = [
  (v: PhoneFields) => !v.customerPhone || !!phoneOf(v),
  { path: ["customerPhone"], message: PHONE_INVALID_MESSAGE, when: () => true },
];

/**
 * Then stored as E.164 (+50587654321); the country only served to read it. An overwrite, not a
 * transform, so the schema stays an object whose field constraints Conform can read.
 */
function toE164<T extends PhoneFields>(v: T): T {
  const { customerPhoneCountry: _country, ...rest } = v;
  return { ...rest, customerPhone: phoneOf(v)?.e164 ?? v.customerPhone } as unknown as T;
}

export const orderFormSchema = orderFields.refine(...phoneCheck).overwrite(toE164);
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
  .refine(...phoneCheck)
  .overwrite(toE164);
export type OrderEditValues = Omit<z.output<typeof orderEditSchema>, "id" | "customerPhoneCountry">;

/** 'Cambiar a {status}' from the list. */
export const orderStatusChangeSchema = z.object({ id: recordId, status: orderStatusSchema });

/** Deleting an order or a courier names only the record. */
export const recordIdSchema = z.object({ id: recordId });

const courierFields = z.object({
  name: z
    .string({ error: "El nombre del repartidor es obligatorio." })
    .trim()
    .min(1, "El nombre del repartidor es obligatorio.")
    .max(100, "Máximo 100 caracteres."),
  phone: optionalText(50),
  /** How a number written without its country code is read (US by default). */
  phoneCountry: z
    .enum(PHONE_COUNTRY_CODES, { error: "País inválido." })
    .optional()
    .default(DEFAULT_PHONE_COUNTRY),
});

type CourierPhone = { phone: string | null; phoneCountry: string };
const courierPhoneOf = (v: CourierPhone) =>
  v.phone ? parsePhone(v.phone, v.phoneCountry as PhoneCountry) : null;
const courierPhoneCheck: RefineArgs<CourierPhone> = [
  (v: CourierPhone) => !v.phone || !!courierPhoneOf(v),
  { path: ["phone"], message: PHONE_INVALID_MESSAGE, when: () => true },
];
/** A courier's phone is stored in E.164, like every number (app/lib/phone.ts). */
function courierToE164<T extends CourierPhone>(v: T): T {
  const { phoneCountry: _country, ...rest } = v;
  return { ...rest, phone: courierPhoneOf(v)?.e164 ?? v.phone } as unknown as T;
}

export const courierFormSchema = courierFields.refine(...courierPhoneCheck).overwrite(courierToE164);
export type CourierFormValues = Omit<z.output<typeof courierFormSchema>, "phoneCountry">;

export const courierEditSchema = courierFields
  .extend({ id: recordId })
  .refine(...courierPhoneCheck)
  .overwrite(courierToE164);
