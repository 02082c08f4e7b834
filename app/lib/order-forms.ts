import { z } from "zod";
import { CLIENT_ID_PATTERN } from "./chat";
import { CONTACT_EMAIL_INVALID } from "./contact-fields";
import { isDay } from "./dates";
import { MAX_TRANSIT_DAYS, type TransitDays } from "./delivery";
import { ORDER_STATUSES, type OrderStatus } from "./orders";
import { CONTENTS_MAX, MAX_WEIGHT_LB, OTHER_BOX, parseContents } from "./parcel";
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

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres.`)
    .optional()
    .transform((v) => (v ? v : null));

/** A record's id, sent by the list's buttons and the edit forms. */
export const recordId = z.uuid({ error: "Registro inválido." });

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
  /**
   * Where the parcel goes: its destination's transit days give the expected delivery
   * (app/lib/delivery.ts). Left empty on a new order, the recipient's phone sets it (orders.ts).
   */
  destination: z
    .union([z.literal(""), z.enum(PHONE_COUNTRY_CODES)], { error: "Destino inválido." })
    .optional()
    .transform((v) => (v ? v : null)),
  // 'Remitente': who sends the parcel, usually the customer in Miami who pays (issue 39).
  senderName: optionalText(200),
  senderPhone: optionalText(50),
  senderPhoneCountry: z
    .enum(PHONE_COUNTRY_CODES, { error: "País inválido." })
    .optional()
    .default(DEFAULT_PHONE_COUNTRY),
  senderEmail: z
    .string()
    .trim()
    .max(200, "Máximo 200 caracteres.")
    .optional()
    .refine((v) => !v || z.email().safeParse(v).success, CONTACT_EMAIL_INVALID)
    .transform((v) => (v ? v.toLowerCase() : null)),
  /** A box of the price list by its name (checked against the list by the action), or 'otro'. */
  box: optionalText(100),
  /** Only for the 'Otro' box: its weight in pounds ('12.5' or '12,5'). */
  weightLb: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^\d{1,3}([.,]\d)?$/.test(v), "Escribe el peso en libras, ej: 12 o 12,5.")
    .transform((v) => (v ? Number(v.replace(",", ".")) : null))
    .refine((v) => v === null || (v > 0 && v <= MAX_WEIGHT_LB), `Entre 0,1 y ${MAX_WEIGHT_LB} libras.`),
  /** Declared contents for customs, one item per line: 'Ropa usada, 40' (app/lib/parcel.ts). */
  contents: z
    .string()
    .max(CONTENTS_MAX, `Máximo ${CONTENTS_MAX} caracteres.`)
    .optional()
    .transform((v, ctx) => {
      const parsed = parseContents(v ?? "");
      if (parsed.ok) return parsed.lines;
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
  /** The shipment ('Embarque') the parcel travels in; empty: none. */
  shipmentId: z
    .union([z.literal(""), z.uuid({ error: "Embarque inválido." })], { error: "Embarque inválido." })
    .optional()
    .transform((v) => (v ? v : null)),
});

/** A check and where its error goes, for `.refine(...check)`. */
type RefineArgs<T> = [(v: T) => boolean, { path: string[]; message: string; when: () => boolean }];

type PhoneFields = {
  customerPhone: string | null;
  customerPhoneCountry: string;
  senderPhone: string | null;
  senderPhoneCountry: string;
};
/** Whose phone: the recipient's (the spec's 'Teléfono') or the sender's. */
type Who = "customer" | "sender";
const phoneOf = (v: PhoneFields, who: Who) => {
  const typed = v[`${who}Phone`];
  return typed ? parsePhone(typed, v[`${who}PhoneCountry`] as PhoneCountry) : null;
};

/**
 * The customer's and the sender's phones must be valid in their chosen country
 * (app/lib/phone.ts); the 'Otro' box needs its weight. Checked even when other fields are wrong
 * (`when`), so every field error shows at once.
 */
type ParcelCheckFields = PhoneFields & { box: string | null; weightLb: number | null };
const phoneCheck = (who: Who): RefineArgs<ParcelCheckFields> => [
  (v) => !v[`${who}Phone`] || !!phoneOf(v, who),
  { path: [`${who}Phone`], message: PHONE_INVALID_MESSAGE, when: () => true },
];
const weightCheck: RefineArgs<ParcelCheckFields> = [
  (v) => v.box !== OTHER_BOX || v.weightLb != null,
  { path: ["weightLb"], message: "Escribe el peso de la caja en libras.", when: () => true },
];

/**
 * Then stored as E.164 (+50587654321); the countries only served to read them. A weight only
 * goes with the 'Otro' box. An overwrite, not a transform, so the schema stays an object whose
 * field constraints Conform can read.
 */
function toE164<T extends PhoneFields & { box: string | null; weightLb: number | null }>(v: T): T {
  const { customerPhoneCountry: _c, senderPhoneCountry: _s, ...rest } = v;
  return {
    ...rest,
    customerPhone: phoneOf(v, "customer")?.e164 ?? v.customerPhone,
    senderPhone: phoneOf(v, "sender")?.e164 ?? v.senderPhone,
    weightLb: v.box === OTHER_BOX ? v.weightLb : null,
  } as unknown as T;
}

/**
 * 'Nuevo Pedido'. From a chat conversation it also names the contact the order is for
 * (ADR 0020), so the order shows in that person's side panel whatever phone it carries.
 */
export const orderFormSchema = orderFields
  .extend({
    contactId: z
      .union([z.literal(""), z.uuid({ error: "Contacto inválido." })], { error: "Contacto inválido." })
      .optional()
      .transform((v) => (v ? v : null)),
    /** The chat conversation the order is made from ('Crear pedido' in the inbox, issue 41). */
    sourceClientId: z
      .union([z.literal(""), z.string().regex(CLIENT_ID_PATTERN, "Conversación inválida.")], {
        error: "Conversación inválida.",
      })
      .optional()
      .transform((v) => (v ? v : null)),
    /** This submission's key (app/lib/ids.ts newRequestKey): sent again, it finds the order it made. */
    requestKey: z
      .union([z.literal(""), z.uuid({ error: "Solicitud inválida." })], { error: "Solicitud inválida." })
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .refine(...phoneCheck("customer"))
  .refine(...phoneCheck("sender"))
  .refine(...weightCheck)
  .overwrite(toE164);
/** What the domain takes; the fields added after the spec's may be left out (kept as they are). */
export type OrderFormValues = Omit<
  z.output<typeof orderFormSchema>,
  | "customerPhoneCountry"
  | "senderPhoneCountry"
  | "destination"
  | "contactId"
  | "sourceClientId"
  | "requestKey"
  | ParcelFields
> & {
  destination?: string | null;
  contactId?: string | null;
  sourceClientId?: string | null;
  requestKey?: string | null;
} & Partial<Pick<z.output<typeof orderFormSchema>, ParcelFields>>;
/** The parcel's details added after the spec's fields (issue 39): callers may leave them out. */
type ParcelFields =
  | "senderName"
  | "senderPhone"
  | "senderEmail"
  | "box"
  | "weightLb"
  | "contents"
  | "shipmentId";

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: "Estado inválido." });

export const EVENT_NOTE_MAX = 200;
/** An order's note for the customer, or staff's internal note. */
export const NOTE_MAX = 2000;
export const EVENT_PLACE_MAX = 80;

/** A calendar day from a date field ('YYYY-MM-DD'), or null when left empty. */
const optionalDay = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || isDay(v), "Fecha inválida.")
  .transform((v) => (v ? v : null));

/** The order's own expected days: the second one cannot come before the first. */
function checkExpected(v: { expectedFrom: string | null; expectedTo: string | null }, ctx: z.RefinementCtx) {
  if (v.expectedFrom && v.expectedTo && v.expectedTo < v.expectedFrom) {
    ctx.addIssue({
      code: "custom",
      path: ["expectedTo"],
      message: "La fecha final no puede ser anterior a la inicial.",
    });
  }
}

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
    customerNote: optionalText(NOTE_MAX),
    internalNote: optionalText(NOTE_MAX),
    expectedFrom: optionalDay,
    expectedTo: optionalDay,
    /** A line for the timeline: what happened and where ('Llegó a Managua', 'Managua'). */
    eventNote: optionalText(EVENT_NOTE_MAX),
    eventPlace: optionalText(EVENT_PLACE_MAX),
  })
  .refine(...phoneCheck("customer"))
  .refine(...phoneCheck("sender"))
  .refine(...weightCheck)
  .superRefine(checkExpected)
  .overwrite(toE164);
type AddedEditFields =
  | "destination"
  | "expectedFrom"
  | "expectedTo"
  | "eventNote"
  | "eventPlace"
  | ParcelFields;
export type OrderEditValues = Omit<
  z.output<typeof orderEditSchema>,
  "id" | "customerPhoneCountry" | "senderPhoneCountry" | AddedEditFields
> &
  Partial<Pick<z.output<typeof orderEditSchema>, AddedEditFields>>;

/** 'Cambiar a {status}' from the list. */
export const orderStatusChangeSchema = z.object({ id: recordId, status: orderStatusSchema });

/**
 * 'Añadir novedad' from the list: a note and/or a place on the timeline, with a change of status
 * when one is chosen ('' keeps the status).
 */
/** A timeline line says something: a note, a place, or both (one order's or a shipment's). */
export function noteOrPlace(v: { note: string | null; place: string | null }, ctx: z.RefinementCtx): void {
  if (!v.note && !v.place)
    ctx.addIssue({ code: "custom", path: ["note"], message: "Escribe una nota o un lugar." });
}

export const orderEventSchema = z
  .object({
    id: recordId,
    status: z
      .union([z.literal(""), orderStatusSchema], { error: "Estado inválido." })
      .optional()
      .transform((v) => (v ? v : null)),
    note: optionalText(EVENT_NOTE_MAX),
    place: optionalText(EVENT_PLACE_MAX),
  })
  .superRefine(noteOrPlace);
export type OrderEventValues = Omit<z.output<typeof orderEventSchema>, "id">;

/** Removing a line staff wrote on an order's timeline. */
export const orderEventDeleteSchema = z.object({ id: recordId, eventId: recordId });

const transitDay = z.coerce
  .number({ error: "Escribe un número de días." })
  .int("Escribe un número entero de días.")
  .min(0, "Mínimo 0 días.")
  .max(MAX_TRANSIT_DAYS, `Máximo ${MAX_TRANSIT_DAYS} días.`);

/** One destination's transit days: both empty means no default there. */
const transitRange = z
  .object({ min: z.string().trim().optional(), max: z.string().trim().optional() })
  .optional()
  .transform((v, ctx) => {
    if (!v?.min && !v?.max) return null;
    const min = transitDay.safeParse(v.min ?? "");
    const max = transitDay.safeParse(v.max ?? "");
    if (!v.min || !v.max) {
      ctx.addIssue({ code: "custom", path: [v.min ? "max" : "min"], message: "Escribe los dos números." });
      return z.NEVER;
    }
    if (!min.success || !max.success) {
      const which = min.success ? "max" : "min";
      const issue = (min.success ? max : min).error?.issues[0]?.message ?? "Número inválido.";
      ctx.addIssue({ code: "custom", path: [which], message: issue });
      return z.NEVER;
    }
    if (max.data < min.data) {
      ctx.addIssue({ code: "custom", path: ["max"], message: "El máximo no puede ser menor que el mínimo." });
      return z.NEVER;
    }
    return { min: min.data, max: max.data };
  });

/** 'Ajustes de seguimiento' (admin): private tracking and the transit days per destination. */
export const orderSettingsSchema = z.object({
  showDeliveryDetails: z
    .string()
    .optional()
    .transform((v) => v === "on"),
  transit: z
    .object(
      Object.fromEntries(PHONE_COUNTRY_CODES.map((c) => [c, transitRange])) as Record<
        PhoneCountry,
        typeof transitRange
      >,
    )
    .optional()
    .transform((v) => v ?? {}),
  // Which changes e-mail a parcel's followers (issue 40): the statuses ticked, and timeline notes.
  mailStatuses: z
    .array(z.enum(ORDER_STATUSES, { error: "Estado desconocido." }))
    .optional()
    .transform((v) => [...new Set(v ?? [])]),
  mailEvents: z
    .string()
    .optional()
    .transform((v) => v === "on"),
});
export type OrderSettingsValues = {
  showDeliveryDetails: boolean;
  transitDays: TransitDays;
  /** Left out: unchanged (the form always sends them). */
  mailStatuses?: OrderStatus[];
  mailEvents?: boolean;
};
export const toOrderSettings = (v: z.output<typeof orderSettingsSchema>): OrderSettingsValues => ({
  showDeliveryDetails: v.showDeliveryDetails,
  mailStatuses: v.mailStatuses,
  mailEvents: v.mailEvents,
  transitDays: Object.fromEntries(
    PHONE_COUNTRY_CODES.map((c) => [c, (v.transit as Record<string, TransitDays[string]>)[c] ?? null]),
  ),
});

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
/** The intents of /admin/orders (app/routes/admin/orders/route.tsx), posted by its dialogs and menus. */
export const ORDERS_INTENT = {
  create: "create",
  update: "update",
  status: "status",
  delete: "delete",
  event: "event",
  eventDelete: "event-delete",
  settings: "settings",
  courierCreate: "courier-create",
  courierUpdate: "courier-update",
  courierDelete: "courier-delete",
} as const;
