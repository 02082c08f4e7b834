import { z } from "zod";
import { PUSH_TEXTS } from "./push-texts";

/** Web Push, browser-safe: what a browser's subscription looks like, the notification, the texts. */

// The texts live in a module without zod: the tracking page's button needs them at first load.
export { PUSH_TEXTS } from "./push-texts";

/** A browser's PushSubscription (its toJSON() endpoint and keys), posted as form fields. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ error: "Suscripción inválida." }).max(2000, "Suscripción inválida."),
  p256dh: z
    .string({ error: "Suscripción inválida." })
    .regex(/^[A-Za-z0-9_-]{40,200}={0,2}$/, "Suscripción inválida."),
  auth: z
    .string({ error: "Suscripción inválida." })
    .regex(/^[A-Za-z0-9_-]{8,100}={0,2}$/, "Suscripción inválida."),
});
export type PushSubscriptionValues = z.output<typeof pushSubscriptionSchema>;
export const pushEndpointSchema = pushSubscriptionSchema.pick({ endpoint: true });

/** The tracking page's 'Avísame cuando cambie': the order and this browser's subscription. */
export const orderPushSchema = pushSubscriptionSchema.extend({
  trackingNumber: z
    .string({ error: "Pedido no encontrado." })
    .regex(/^TRK-\d{4}-\w{6,}$/i, "Pedido no encontrado.")
    .transform((s) => s.toUpperCase()),
});
export const orderPushEndpointSchema = orderPushSchema.pick({ trackingNumber: true, endpoint: true });

/** What the service worker shows (public/sw.js reads these fields). */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** What a refused push request says, by the domain's reason. */
export const PUSH_REFUSALS: Record<string, string> = {
  "push-disabled": PUSH_TEXTS.disabled,
  "push-endpoint": "Este navegador no entregó una suscripción válida.",
  "push-too-many": PUSH_TEXTS.tooMany,
  "push-order": "Demasiados intentos seguidos. Espera un momento.",
  "push-subscribe": "Demasiadas suscripciones desde tu red. Inténtalo de nuevo más tarde.",
  order: "Pedido no encontrado.",
};
export const pushRefusal = (error: { reason: string } | null) =>
  (error && PUSH_REFUSALS[error.reason]) ?? PUSH_TEXTS.failed;
