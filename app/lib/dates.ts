import { TZDate } from "@date-fns/tz";
import { format, formatDistanceStrict, isValid } from "date-fns";
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

/** 'dd MMM yyyy, HH:mm' in Spanish, e.g. '05 mar 2026, 14:30'. Empty string for no date. */
export function formatDateTime(
  value: Date | string | number | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const d = toDate(value);
  if (!d) return "";
  return format(new TZDate(d, timeZone), "dd MMM yyyy, HH:mm", { locale: es });
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
  const zoned = new TZDate(d, timeZone);
  const today = new TZDate(now, timeZone);
  if (format(zoned, "yyyy-MM-dd") === format(today, "yyyy-MM-dd")) return format(zoned, "HH:mm");
  return format(zoned, zoned.getFullYear() === today.getFullYear() ? "dd MMM" : "dd MMM yyyy", {
    locale: es,
  });
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
  const local = new TZDate(d, timeZone);
  const today = new TZDate(now, timeZone);
  const day = (x: Date) => format(x, "yyyy-MM-dd");
  if (day(local) === day(today)) return format(local, "HH:mm", { locale: es });
  const sameYear = local.getFullYear() === today.getFullYear();
  return format(local, sameYear ? "dd MMM, HH:mm" : "dd MMM yyyy, HH:mm", { locale: es });
}
