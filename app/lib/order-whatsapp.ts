import { eventLine, latestEvent, type OrderEventView, type OrderStatus, STATUS_INFO } from "./orders";
import { parsePhone, waMeHref } from "./phone";

/**
 * 'Avisar por WhatsApp' (docs/product.md §3.4): staff tell the customer in one tap what their
 * order is doing, with the tracking link. Staff screens only (it reads numbers with
 * libphonenumber-js).
 */

// `abroad`: the country a parcel goes to outside the US (statusDescription's words, app/lib/orders.ts).
const STATUS_MESSAGES: Record<OrderStatus, (trackingNumber: string, abroad: string | null) => string> = {
  en_local: (tn) => `recibimos tu pedido ${tn} y lo estamos preparando en nuestro local.`,
  enviando: (tn, abroad) =>
    abroad
      ? `tu paquete ${tn} salió de nuestro local y va rumbo a ${abroad}.`
      : `tu pedido ${tn} está listo y estamos asignando un repartidor.`,
  en_reparto: (tn, abroad) =>
    abroad
      ? `tu paquete ${tn} está en ${abroad} y va camino a la dirección de entrega.`
      : `tu pedido ${tn} va en camino.`,
  entregado: (tn) => `tu pedido ${tn} fue entregado. ¡Gracias por tu compra!`,
  cancelado: (tn) => `tu pedido ${tn} fue cancelado. Si tienes preguntas, respóndenos por aquí.`,
};

export type WhatsappOrder = {
  trackingNumber: string;
  customerName: string;
  customerPhone: string | null;
  status: OrderStatus;
  events?: readonly OrderEventView[];
  /** The country a parcel goes to, when outside the US (PublicTrackingView). */
  destinationName?: string | null;
} & Partial<Record<(typeof STATUS_INFO)[OrderStatus]["field"], string | null>>;

/**
 * The message for the order's current status: a greeting with the first name, what the status
 * means, the newest note staff wrote since the status was reached, and the tracking link.
 */
export function customerStatusMessage(order: WhatsappOrder, link: string): string {
  const first = order.customerName.trim().split(/\s+/)[0] ?? "";
  const lines = [
    `Hola${first ? ` ${first}` : ""}, ${STATUS_MESSAGES[order.status](order.trackingNumber, order.destinationName ?? null)}`,
  ];
  const since = order[STATUS_INFO[order.status].field] ?? "";
  const latest = latestEvent(order);
  if (latest && new Date(latest.at).getTime() >= new Date(since || 0).getTime())
    lines.push(`Última novedad: ${eventLine(latest)}`);
  lines.push(`Sigue tu pedido aquí: ${link}`);
  return lines.join("\n");
}

/**
 * wa.me to the order's phone with that message. A number saved before numbers were validated
 * may lack its country: then WhatsApp opens with the message and asks whom to send it to.
 */
export function customerWhatsappUrl(order: WhatsappOrder, link: string): string {
  const text = customerStatusMessage(order, link);
  const stored = order.customerPhone?.trim() ?? "";
  const phone = stored ? parsePhone(stored) : null;
  return phone ? waMeHref(phone.e164, text) : `https://wa.me/?text=${encodeURIComponent(text)}`;
}
