import { z } from "zod";
import { isDay } from "./dates";
import {
  EVENT_NOTE_MAX,
  EVENT_PLACE_MAX,
  noteOrPlace,
  optionalText,
  orderStatusSchema,
  recordId,
} from "./order-forms";
import { PHONE_COUNTRY_CODES } from "./phone";
import { wallClock } from "./schedule-forms";

/**
 * The forms of /admin/embarques ('Embarques', issue 39), shared by the screens and their action:
 * a shipment's details, parcels added by their tracking numbers (typed, pasted or scanned: a
 * scanner types the number and presses Enter) or chosen in a list, and one event for all of them.
 */

export const SHIPMENTS_INTENT = {
  create: "shipment-create",
  save: "shipment-save",
  delete: "shipment-delete",
  add: "shipment-add",
  remove: "shipment-remove",
  event: "shipment-event",
} as const;

export const SHIPMENT_REFERENCE_MAX = 80;
/** The most parcels one request adds or moves (a container holds a few hundred boxes). */
export const SHIPMENT_BATCH_MAX = 500;

export const shipmentSchema = z.object({
  id: recordId.optional(),
  reference: z
    .string({ error: "Escribe un nombre para el embarque." })
    .trim()
    .min(1, "Escribe un nombre para el embarque.")
    .max(SHIPMENT_REFERENCE_MAX, `Máximo ${SHIPMENT_REFERENCE_MAX} caracteres.`),
  carrier: optionalText(80),
  departsOn: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isDay(v), "Fecha inválida.")
    .transform((v) => (v ? v : null)),
  destination: z
    .union([z.literal(""), z.enum(PHONE_COUNTRY_CODES)], { error: "Destino inválido." })
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ShipmentValues = Omit<z.output<typeof shipmentSchema>, "id">;

/** Order ids ticked in a list (one checkbox sends one value, several send several). */
const orderIds = z
  .array(recordId)
  .max(SHIPMENT_BATCH_MAX, `Máximo ${SHIPMENT_BATCH_MAX} pedidos a la vez.`)
  .optional()
  .transform((v) => v ?? []);

/** Tracking numbers as typed, pasted or scanned: one or several, split by spaces, commas or lines. */
const trackingNumbers = z
  .string()
  .max(20_000, "Demasiados números a la vez.")
  .optional()
  .transform((v) =>
    [
      ...new Set(
        (v ?? "")
          .toUpperCase()
          .split(/[\s,;]+/)
          .filter(Boolean),
      ),
    ].slice(0, SHIPMENT_BATCH_MAX),
  );

export const shipmentAddSchema = z
  .object({ id: recordId, numbers: trackingNumbers, orderIds })
  .refine((v) => v.numbers.length > 0 || v.orderIds.length > 0, {
    path: ["numbers"],
    message: "Escribe o escanea un número de tracking.",
  });
export type ShipmentAddValues = Omit<z.output<typeof shipmentAddSchema>, "id">;

export const shipmentRemoveSchema = z.object({ id: recordId, orderId: recordId });

/** 'Añadir novedad a todos': one event for every parcel of the shipment, or for those ticked. */
export const shipmentEventSchema = z
  .object({
    id: recordId,
    orderIds,
    status: z
      .union([z.literal(""), orderStatusSchema], { error: "Estado inválido." })
      .optional()
      .transform((v) => (v ? v : null)),
    note: optionalText(EVENT_NOTE_MAX),
    place: optionalText(EVENT_PLACE_MAX),
    /** When it happened, on the shop's clock ('2026-12-02T18:30'). */
    at: wallClock("Indica la fecha y la hora."),
  })
  .superRefine(noteOrPlace);
export type ShipmentEventValues = Omit<z.output<typeof shipmentEventSchema>, "id">;
