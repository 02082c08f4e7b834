/** Order statuses (docs/product.md §4.1), their Spanish wording and the timestamp each one sets. */
/** Orders a page of the staff list shows. */
export const ORDERS_PAGE_SIZE = 50;

export const ORDER_STATUSES = ["en_local", "enviando", "en_reparto", "entregado", "cancelado"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_INFO: Record<
  OrderStatus,
  {
    label: string;
    description: string;
    field: StatusTimestampField;
    tone: "amber" | "blue" | "violet" | "green" | "red";
  }
> = {
  en_local: {
    label: "En el local",
    description: "Recibimos tu pedido y lo estamos preparando en nuestro local.",
    field: "enLocalAt",
    tone: "amber",
  },
  enviando: {
    label: "Enviando",
    description: "Tu pedido está listo y estamos asignando un repartidor.",
    field: "enviandoAt",
    tone: "blue",
  },
  en_reparto: {
    label: "En reparto",
    description: "Tu pedido va en camino.",
    field: "enRepartoAt",
    tone: "violet",
  },
  entregado: {
    label: "Entregado",
    description: "Tu pedido fue entregado. ¡Gracias por tu compra!",
    field: "entregadoAt",
    tone: "green",
  },
  cancelado: {
    label: "Cancelado",
    description: "Este pedido fue cancelado.",
    field: "canceladoAt",
    tone: "red",
  },
};

/** The public view of one order: what the tracking page shows (docs/product.md §2.9). */
export type TrackingView = {
  trackingNumber: string;
  status: OrderStatus;
  customerName: string;
  customerPhone: string | null;
  customerAddress: string | null;
  orderDescription: string;
  orderTotal: string | null;
  estimatedDeliveryTime: string | null;
  notes: string | null;
  courier: { name: string; phone: string | null } | null;
  enLocalAt: string | null;
  enviandoAt: string | null;
  enRepartoAt: string | null;
  entregadoAt: string | null;
  canceladoAt: string | null;
  updatedAt: string;
};

export type StatusTimestampField = "enLocalAt" | "enviandoAt" | "enRepartoAt" | "entregadoAt" | "canceladoAt";
export type StatusTimestamps = Record<StatusTimestampField, Date | string | null>;

export function isOrderStatus(v: unknown): v is OrderStatus {
  return typeof v === "string" && (ORDER_STATUSES as readonly string[]).includes(v);
}

/**
 * docs/product.md §4.1: a status change sets that status's timestamp only if it is not set yet (going
 * back to an earlier status keeps its first time); updated_at moves on every change.
 */
export function statusChangePatch(
  current: Partial<StatusTimestamps>,
  next: OrderStatus,
  now: Date = new Date(),
): { status: OrderStatus; updatedAt: Date } & Partial<Record<StatusTimestampField, Date>> {
  const field = STATUS_INFO[next].field;
  const patch: { status: OrderStatus; updatedAt: Date } & Partial<Record<StatusTimestampField, Date>> = {
    status: next,
    updatedAt: now,
  };
  if (!current[field]) patch[field] = now;
  return patch;
}

export type TimelineEntry = { status: OrderStatus; at: string; reached: boolean; current: boolean };

/**
 * The tracking timeline: statuses that have a timestamp, oldest first; entries up to the
 * current status are highlighted and the current one carries its description.
 */
export function buildTimeline(order: { status: OrderStatus } & Partial<StatusTimestamps>): TimelineEntry[] {
  const withTimes = ORDER_STATUSES.flatMap((status) => {
    const at = order[STATUS_INFO[status].field];
    return at ? [{ status, at: new Date(at).toISOString() }] : [];
  }).sort((a, b) => a.at.localeCompare(b.at));
  const currentIndex = withTimes.findIndex((e) => e.status === order.status);
  return withTimes.map((e, i) => ({
    ...e,
    reached: currentIndex === -1 ? true : i <= currentIndex,
    current: e.status === order.status,
  }));
}

/** The road of a parcel, in order; 'cancelado' ends it wherever it happens. */
export const ORDER_PATH = ["en_local", "enviando", "en_reparto", "entregado"] as const;
export type ProgressStep = { status: OrderStatus; state: "done" | "current" | "upcoming" };

/**
 * The tracking page's progress indicator: the whole path with the steps still to come. A
 * cancelled order shows the steps it had reached, then 'Cancelado' as the end of the line.
 */
export function progressSteps(order: { status: OrderStatus } & Partial<StatusTimestamps>): ProgressStep[] {
  if (order.status === "cancelado") {
    const reached = ORDER_PATH.filter((s) => order[STATUS_INFO[s].field]);
    return [
      ...reached.map((status) => ({ status, state: "done" as const })),
      { status: "cancelado", state: "current" },
    ];
  }
  const at = ORDER_PATH.indexOf(order.status);
  return ORDER_PATH.map((status, i) => ({
    status,
    state: i < at ? "done" : i === at ? (status === "entregado" ? "done" : "current") : "upcoming",
  }));
}

/** '¿Dudas sobre tu pedido?': the WhatsApp text with the tracking number filled in. */
export const trackingHelpText = (trackingNumber: string) =>
  `Hola, tengo una duda sobre mi pedido ${trackingNumber}.`;
export const TRACKING_HELP_TEXT =
  "Hola, no encuentro mi pedido con el número de tracking que tengo. ¿Me ayudan?";

// ---------------------------------------------------------------- tracking look-up (docs/product.md §4.1)

export const TRACKING_RE = /^TRK-\d{4}-\w{6,}$/i;
export const TRACKING_EMPTY = "Por favor, ingresa un número de tracking.";
export const TRACKING_BAD_FORMAT = "Formato de número de tracking inválido. Debe ser TRK-AAAA-XXXXXX.";
export const TRACKING_NOT_FOUND = "Pedido no encontrado. Verifica el número de tracking.";
export const TRACKING_FETCH_FAILED = "Ocurrió un error al buscar tu pedido. Inténtalo de nuevo.";
/** What a visitor reads when the look-up limit is reached (the page and an order's live stream). */
export const trackingLimitMessage = (waitSeconds: number) =>
  `Demasiadas consultas seguidas. Espera ${waitSeconds} segundos e inténtalo de nuevo.`;

/** Upper-cases and trims, then checks the format. */
export function validateTrackingInput(
  raw: unknown,
): { ok: true; value: string } | { ok: false; message: string } {
  const value = typeof raw === "string" ? raw.trim().toUpperCase() : "";
  if (!value) return { ok: false, message: TRACKING_EMPTY };
  if (value.length > 40 || !TRACKING_RE.test(value)) return { ok: false, message: TRACKING_BAD_FORMAT };
  return { ok: true, value };
}

export function trackingPath(trackingNumber: string): string {
  return `/seguimiento?numero=${encodeURIComponent(trackingNumber)}`;
}

// ---------------------------------------------------------------- staff forms (docs/product.md §3.4, §4.1)

export const REQUIRED_TITLE = "Campos Requeridos";
export const REQUIRED_MESSAGE = "Nombre del cliente y descripción son obligatorios.";
