import { z } from "zod";
import { ORDER_STATUSES } from "./orders";

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

export const orderFormSchema = z.object({
  customerName: z
    .string({ error: "El nombre del cliente es obligatorio." })
    .trim()
    .min(1, "El nombre del cliente es obligatorio.")
    .max(200, "Máximo 200 caracteres."),
  customerPhone: optionalText(50),
  customerAddress: optionalText(500),
  orderDescription: z
    .string({ error: "La descripción es obligatoria." })
    .trim()
    .min(1, "La descripción es obligatoria.")
    .max(2000, "Máximo 2000 caracteres."),
  orderTotal: optionalText(50),
});
export type OrderFormValues = z.output<typeof orderFormSchema>;

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: "Estado inválido." });

export const orderEditSchema = orderFormSchema.extend({
  id: recordId,
  status: orderStatusSchema,
  deliveryPersonId: z
    .string()
    .optional()
    .transform((v) => (v && v !== "none" ? v : null))
    .pipe(z.uuid("Repartidor inválido.").nullable()),
  estimatedDeliveryTime: optionalText(100),
  notes: optionalText(2000),
});
export type OrderEditValues = Omit<z.output<typeof orderEditSchema>, "id">;

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
