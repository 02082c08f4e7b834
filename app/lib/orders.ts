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

/**
 * A line of the timeline that staff wrote: a short note and/or a place, with a status change
 * (`status` set) or on its own (docs/product.md §4.1).
 */
export type OrderEventView = {
  id: string;
  status: OrderStatus | null;
  note: string | null;
  place: string | null;
  at: string;
};

/** Expected delivery days, 'YYYY-MM-DD' in the shop's time zone (app/lib/delivery.ts). */
export type ExpectedDelivery = { from: string; to: string };

/**
 * What anyone holding the tracking number sees, and all the order's live stream ever carries
 * (docs/product.md §2.9): no address, no phone, the customer as first name and initial.
 */
export type PublicTrackingView = {
  trackingNumber: string;
  status: OrderStatus;
  /** 'María L.': first name and the initial of the last. */
  customerName: string;
  orderDescription: string;
  orderTotal: string | null;
  estimatedDeliveryTime: string | null;
  /** 'Notas Adicionales': the note staff wrote for the customer (never the internal one). */
  customerNote: string | null;
  courier: { name: string; phone: string | null } | null;
  enLocalAt: string | null;
  enviandoAt: string | null;
  enRepartoAt: string | null;
  entregadoAt: string | null;
  canceladoAt: string | null;
  updatedAt: string;
  events: OrderEventView[];
  expected: ExpectedDelivery | null;
  /** The country a parcel goes to, when it leaves the US ('Nicaragua'): the statuses' words name it. */
  destinationName: string | null;
};

/**
 * The current status in words true for this order (docs/product.md §4.1). The spec's words fit a
 * delivery in Miami; a parcel abroad is not waiting for a courier while 'Enviando'.
 */
export function statusDescription(order: Pick<PublicTrackingView, "status" | "destinationName">): string {
  const abroad = order.destinationName;
  if (abroad && order.status === "enviando")
    return `Tu paquete salió de nuestro local y va rumbo a ${abroad}.`;
  if (abroad && order.status === "en_reparto")
    return `Tu paquete está en ${abroad} y va camino a la dirección de entrega.`;
  return STATUS_INFO[order.status].description;
}

/**
 * The one delivery estimate the tracking page shows (docs/product.md §2.9): none once delivered or
 * cancelled; the courier's 'Tiempo Est.' while out for delivery; else the expected days; else the
 * 'Tiempo Est.' staff wrote (an order without a destination's days, as in the spec).
 */
export type DeliveryEstimate = { kind: "days"; expected: ExpectedDelivery } | { kind: "time"; text: string };
export function deliveryEstimate(
  order: Pick<PublicTrackingView, "status" | "expected" | "estimatedDeliveryTime">,
): DeliveryEstimate | null {
  if (order.status === "entregado" || order.status === "cancelado") return null;
  const time = order.estimatedDeliveryTime?.trim() || null;
  if (time && (order.status === "en_reparto" || !order.expected)) return { kind: "time", text: time };
  return order.expected ? { kind: "days", expected: order.expected } : null;
}

/** The customer's delivery details: shown once the visitor proved they know the order's phone. */
export type TrackingDelivery = {
  customerName: string;
  customerAddress: string | null;
  customerPhone: string | null;
};

/**
 * The tracking page's result: the public view, plus the delivery details when this visitor may
 * see them (`delivery`), or whether the 4-digit check can unlock them (`locked`).
 */
export type TrackingView = PublicTrackingView & { delivery: TrackingDelivery | null; locked: boolean };

/**
 * 'María L.': the first name and the initial of the last word, so a look-up by number alone
 * never shows a full name. A single word stays as it is.
 */
export function maskCustomerName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const [first] = words;
  if (!first) return "";
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const initial = last ? Array.from(last)[0]?.toLocaleUpperCase("es") : undefined;
  return initial ? `${first} ${initial}.` : first;
}

/** The last 4 digits of a phone number (what the tracking page asks for), or null without 4. */
export function phoneLast4(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  return digits.length >= 4 ? digits.slice(-4) : null;
}

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

/**
 * One line of the tracking timeline: a status reached (its spec timestamp, with the note and place
 * staff wrote when they changed to it) or an event staff added (`kind: "event"`; `status` set when
 * it came with a change to a status reached before, whose first time stays).
 */
export type TimelineEntry = {
  key: string;
  kind: "status" | "event";
  status: OrderStatus | null;
  at: string;
  reached: boolean;
  current: boolean;
  note: string | null;
  place: string | null;
};

type TimelineOrder = { status: OrderStatus; events?: readonly OrderEventView[] } & Partial<StatusTimestamps>;

const isoOf = (v: Date | string) => new Date(v).toISOString();

/**
 * The tracking timeline (docs/product.md §4.1): statuses that have a timestamp, and the events
 * staff added, oldest first. Entries up to the current status are highlighted and the current
 * one carries its description; an event written with the change that set a status's timestamp
 * is shown on that status's line.
 */
export function buildTimeline(order: TimelineOrder): TimelineEntry[] {
  const events = order.events ?? [];
  const merged = new Set<string>();
  const statuses: TimelineEntry[] = ORDER_STATUSES.flatMap((status) => {
    const value = order[STATUS_INFO[status].field];
    if (!value) return [];
    const at = isoOf(value);
    const own = events.find((e) => e.status === status && isoOf(e.at) === at && !merged.has(e.id));
    if (own) merged.add(own.id);
    return [
      {
        key: `status:${status}`,
        kind: "status" as const,
        status,
        at,
        reached: true,
        current: status === order.status,
        note: own?.note ?? null,
        place: own?.place ?? null,
      },
    ];
  });
  const extra: TimelineEntry[] = events
    .filter((e) => !merged.has(e.id))
    .map((e) => ({
      key: `event:${e.id}`,
      kind: "event" as const,
      status: e.status,
      at: isoOf(e.at),
      reached: true,
      current: false,
      note: e.note,
      place: e.place,
    }));
  const all = [...statuses, ...extra].sort((a, b) => a.at.localeCompare(b.at));
  // Statuses reached later than the current one (staff went back) are not highlighted.
  const currentAt = statuses.find((e) => e.current)?.at;
  if (currentAt === undefined) return all;
  return all.map((e) => (e.kind === "status" && e.at > currentAt ? { ...e, reached: false } : e));
}

/** The newest event staff wrote, if any (the push notification and the WhatsApp message use it). */
export function latestEvent(order: { events?: readonly OrderEventView[] }): OrderEventView | null {
  let latest: OrderEventView | null = null;
  for (const e of order.events ?? []) if (!latest || e.at > latest.at) latest = e;
  return latest;
}

/** 'Llegó a Managua · Managua': an event's note and place on one line. */
export const eventLine = (e: { note: string | null; place: string | null }) =>
  [e.note, e.place].filter(Boolean).join(" · ");

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
/** What the 4-digit check of a private tracking page says (the digits wrong, missing, or too many tries). */
export const UNLOCK_WRONG = "Los dígitos no coinciden con el teléfono del pedido.";
export const UNLOCK_INVALID = "Escribe los últimos 4 dígitos del teléfono del pedido.";
export const unlockLimitMessage = (waitSeconds: number) =>
  `Demasiados intentos. Espera ${Math.ceil(waitSeconds / 60)} minutos e inténtalo de nuevo.`;

/** The code alone, the six letters or digits after the year ('ABC123'), as printed big on a label. */
const TRACKING_CODE_RE = /^[A-Z0-9]{6}$/;
export const isTrackingCode = (value: string) => TRACKING_CODE_RE.test(value);

/**
 * Reads a tracking number as people type it: any case, spaces or dashes anywhere
 * ('trk 2026 abc123', 'TRK2026-ABC123'), written back as TRK-{year}-{rest}; then checks the format.
 * The code alone ('abc 123') is read as 'ABC123' (isTrackingCode): the look-up finds its number.
 */
export function validateTrackingInput(
  raw: unknown,
): { ok: true; value: string } | { ok: false; message: string } {
  const text = typeof raw === "string" ? raw.trim().toUpperCase() : "";
  if (!text) return { ok: false, message: TRACKING_EMPTY };
  const compact = text.slice(0, 80).replace(/[\s\p{Pd}\u2212]+/gu, "");
  if (isTrackingCode(compact)) return { ok: true, value: compact };
  const m = /^TRK(\d{4})(\w{6,})$/.exec(compact);
  const value = m ? `TRK-${m[1]}-${m[2]}` : text;
  if (!m || value.length > 40 || !TRACKING_RE.test(value)) return { ok: false, message: TRACKING_BAD_FORMAT };
  return { ok: true, value };
}

export function trackingPath(trackingNumber: string): string {
  return `/seguimiento?numero=${encodeURIComponent(trackingNumber)}`;
}

// ---------------------------------------------------------------- staff forms (docs/product.md §3.4, §4.1)

export const REQUIRED_TITLE = "Campos Requeridos";
export const REQUIRED_MESSAGE = "Nombre del cliente y descripción son obligatorios.";
