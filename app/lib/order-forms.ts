import { z } from "zod";
import { ORDER_STATUSES, REQUIRED_MESSAGE } from "./orders";

// Zod schemas for the staff order forms, kept apart from app/lib/orders.ts so the public
// tracking page does not ship the validation library to visitors.

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres.`)
    .optional()
    .transform((v) => (v ? v : null));

export const orderFormSchema = z.object({
  customerName: z
    .string({ message: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(200, "Máximo 200 caracteres."),
  customerPhone: optionalText(50),
  customerAddress: optionalText(500),
  orderDescription: z
    .string({ message: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(2000, "Máximo 2000 caracteres."),
  orderTotal: optionalText(50),
});

export const orderEditSchema = orderFormSchema.extend({
  status: z.enum(ORDER_STATUSES, { message: "Estado inválido." }),
  deliveryPersonId: z
    .string()
    .optional()
    .transform((v) => (v && v !== "none" ? v : null))
    .pipe(z.uuid("Repartidor inválido.").nullable()),
  estimatedDeliveryTime: optionalText(100),
  notes: optionalText(2000),
});

export const courierFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "El nombre del repartidor es obligatorio.")
    .max(100, "Máximo 100 caracteres."),
  phone: optionalText(50),
});

export type OrderFormInput = z.input<typeof orderFormSchema>;
export type OrderEditInput = z.input<typeof orderEditSchema>;
