import { addDays, DEFAULT_TIME_ZONE, formatDayRange, isDay, zonedDay } from "./dates";
import type { ExpectedDelivery } from "./orders";

/**
 * Expected delivery (docs/product.md §4.1): each destination has a default transit time in days
 * (Nicaragua 10–14 unless the admin says otherwise), counted from the day the order was received
 * in the shop's time zone; staff may set the days of one order instead. The spec's free-text
 * 'Tiempo Est.' is a separate thing and stays as it is. Browser-safe.
 */

export type TransitRange = { min: number; max: number };
/** Transit days by destination (a country code of app/lib/phone.ts); null: no default there. */
export type TransitDays = Record<string, TransitRange | null>;

export const MAX_TRANSIT_DAYS = 120;

/** What a shop starts with: the one route the business names with its usual time. */
export const DEFAULT_TRANSIT_DAYS: TransitDays = { NI: { min: 10, max: 14 } };

const isCountry = (k: string) => /^[A-Z]{2}$/.test(k);

function readRange(v: unknown): TransitRange | null | undefined {
  if (v === null) return null;
  if (!v || typeof v !== "object") return undefined;
  const { min, max } = v as Record<string, unknown>;
  if (!Number.isInteger(min) || !Number.isInteger(max)) return undefined;
  const [lo, hi] = [min as number, max as number];
  if (lo < 0 || hi < lo || hi > MAX_TRANSIT_DAYS) return undefined;
  return { min: lo, max: hi };
}

/** Stored transit days over the defaults; anything malformed is dropped (the default stays). */
export function mergeTransitDays(stored: unknown): TransitDays {
  const out: TransitDays = { ...DEFAULT_TRANSIT_DAYS };
  if (stored && typeof stored === "object") {
    for (const [key, value] of Object.entries(stored as Record<string, unknown>)) {
      const range = readRange(value);
      if (isCountry(key) && range !== undefined) out[key] = range;
    }
  }
  return out;
}

export type DeliveryDates = {
  /** When the order was received: the transit time counts from its day. */
  createdAt: Date | string;
  destination: string | null;
  /** This order's own expected days ('YYYY-MM-DD'), instead of the destination's default. */
  expectedFrom: string | null;
  expectedTo: string | null;
  /** The day the parcel's shipment leaves ('YYYY-MM-DD'): transit counts from it when set. */
  departsOn?: string | null;
};

/**
 * The days the parcel should arrive: the order's own days when staff set them (one of the two is
 * enough), else the destination's transit time from the day its shipment leaves (or, in none, the
 * day it was received); null when neither.
 */
export function expectedDelivery(
  order: DeliveryDates,
  transit: TransitDays,
  timeZone: string = DEFAULT_TIME_ZONE,
): ExpectedDelivery | null {
  const from = isDay(order.expectedFrom) ? order.expectedFrom : null;
  const to = isDay(order.expectedTo) ? order.expectedTo : null;
  if (from || to) {
    const a = (from ?? to) as string;
    const b = (to ?? from) as string;
    return a <= b ? { from: a, to: b } : { from: b, to: a };
  }
  const range = order.destination ? transit[order.destination] : null;
  const start = isDay(order.departsOn) ? order.departsOn : zonedDay(order.createdAt, timeZone);
  if (!range || !start) return null;
  return { from: addDays(start, range.min), to: addDays(start, range.max) };
}

/** 'Entrega estimada: 3–7 de diciembre'. */
export function expectedDeliveryText(
  expected: ExpectedDelivery,
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  return `Entrega estimada: ${formatDayRange(expected.from, expected.to, now, timeZone)}`;
}
