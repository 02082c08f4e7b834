import { TZDate } from "@date-fns/tz";
import { formatDistanceStrict, isValid, type Month } from "date-fns";
import { es } from "date-fns/locale";

/**
 * The one date formatter. Server and browser must render the same text, so every date is
 * shown in one fixed time zone (the shop's, America/New_York unless configured), never in
 * the browser's own zone.
 */
export const DEFAULT_TIME_ZONE = "America/New_York";

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return isValid(d) ? d : null;
}

/**
 * A date's wall clock in a time zone. One Intl formatter per zone, made once: a staff list formats
 * 100-150 dates a page, and a TZDate plus date-fns `format` cost several times as much a date.
 * The texts are the ones date-fns writes (its Spanish month names; dates.test.ts compares both).
 */
type WallClock = { year: number; month: number; day: number; hour: number; minute: number };
const clocks = new Map<string, Intl.DateTimeFormat>();
const MONTHS = Array.from({ length: 12 }, (_, m) => es.localize.month(m as Month, { width: "abbreviated" }));

function wallClock(d: Date, timeZone: string): WallClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    clocks.set(timeZone, clock);
  }
  const c: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const { type, value } of clock.formatToParts(d))
    if (type in c) c[type as keyof WallClock] = Number(value);
  return c;
}

const two = (n: number) => String(n).padStart(2, "0");
/** 'dd MMM' */
const dayMonth = (c: WallClock) => `${two(c.day)} ${MONTHS[c.month - 1]}`;
/** 'HH:mm' */
const hourMinute = (c: WallClock) => `${two(c.hour)}:${two(c.minute)}`;
const year = (c: WallClock) => String(c.year).padStart(4, "0");
const sameDay = (a: WallClock, b: WallClock) => a.year === b.year && a.month === b.month && a.day === b.day;

/** 'dd MMM yyyy, HH:mm' in Spanish, e.g. '05 mar 2026, 14:30'. Empty string for no date. */
export function formatDateTime(
  value: Date | string | number | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const d = toDate(value);
  if (!d) return "";
  const c = wallClock(d, timeZone);
  return `${dayMonth(c)} ${year(c)}, ${hourMinute(c)}`;
}

/**
 * A list's short time in the shop's zone: '14:30' today, '05 mar' earlier this year, '05 mar 2025'
 * before (the inbox list; the full date goes in its title).
 */
export function formatShortTime(
  value: Date | string | number | null | undefined,
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const d = toDate(value);
  if (!d) return "";
  const c = wallClock(d, timeZone);
  const today = wallClock(now, timeZone);
  if (sameDay(c, today)) return hourMinute(c);
  return c.year === today.year ? dayMonth(c) : `${dayMonth(c)} ${year(c)}`;
}

/** 'hace 5 minutos'; an invalid date reads 'hace un momento', as does anything under a minute. */
export function formatRelative(
  value: Date | string | number | null | undefined,
  now: Date = new Date(),
): string {
  const d = toDate(value);
  if (!d) return "hace un momento";
  const diffMs = now.getTime() - d.getTime();
  if (diffMs < 60_000) return "hace un momento";
  return formatDistanceStrict(d, now, { locale: es, addSuffix: true, roundingMethod: "floor" });
}

/**
 * The start of a calendar day 'YYYY-MM-DD' in the shop's time zone, as an instant; `nextDay` gives
 * the start of the day after (an exclusive end). Null for anything that is not such a date.
 */
export function dayStart(day: string, timeZone: string = DEFAULT_TIME_ZONE, nextDay = false): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const at = new TZDate(y, mo, d, timeZone);
  // 2026-02-31 would roll over into March: not a real day.
  if (!isValid(at) || at.getFullYear() !== y || at.getMonth() !== mo || at.getDate() !== d) return null;
  return new Date((nextDay ? new TZDate(y, mo, d + 1, timeZone) : at).getTime());
}

/**
 * A chat message's time: 'HH:mm' when it is from today (in the shop's time zone), else
 * 'dd MMM, HH:mm', with the year when it is not this year. Empty string for no date.
 */
export function formatMessageTime(
  value: Date | string | number | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
  now: Date = new Date(),
): string {
  const d = toDate(value);
  if (!d) return "";
  const c = wallClock(d, timeZone);
  const today = wallClock(now, timeZone);
  if (sameDay(c, today)) return hourMinute(c);
  return c.year === today.year
    ? `${dayMonth(c)}, ${hourMinute(c)}`
    : `${dayMonth(c)} ${year(c)}, ${hourMinute(c)}`;
}
