/**
 * The one date formatter. Server and browser must render the same text, so every date is
 * shown in one fixed time zone (the shop's, America/New_York unless configured) while the server
 * renders; a browser-only view may pass the visitor's own zone after hydration
 * (`useBrowserTimeZone`: the chat widget's message times). Built on the platform's Intl time-zone data alone (no date library:
 * it ships to visitors' phones with the tracking page and the chat).
 */
export const DEFAULT_TIME_ZONE = "America/New_York";

const MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** A moment as the shop's wall clock shows it: month 1-12, weekday 0 (Sunday) to 6. */
export type ZonedParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      weekday: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of `date` in `timeZone`. */
export function zonedParts(date: Date, timeZone: string = DEFAULT_TIME_ZONE): ZonedParts {
  const p: Record<string, string> = {};
  for (const { type, value } of partsFormat(timeZone).formatToParts(date)) p[type] = value;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour) % 24,
    minute: Number(p.minute),
    second: Number(p.second),
    weekday: WEEKDAYS[p.weekday ?? ""] ?? 0,
  };
}

/**
 * Minutes `timeZone` is ahead of UTC at `at` (negative west of Greenwich), daylight saving time
 * included; an unknown zone throws a RangeError, as every formatter here does.
 */
export function utcOffsetMinutes(timeZone: string, at: Date): number {
  const p = zonedParts(at, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return (wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000;
}

/** The instant the shop's wall clock reads y-m-d h:m (month 1-12; fields may overflow). */
function zonedInstant(y: number, month: number, d: number, h: number, m: number, timeZone: string): Date {
  const wall = Date.UTC(y, month - 1, d, h, m);
  const offsetAt = (t: number) => utcOffsetMinutes(timeZone, new Date(t)) * 60_000;
  // The offset at the guess, then at the result (the two differ only across a DST change).
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const two = (n: number) => String(n).padStart(2, "0");
const clock = (p: ZonedParts) => `${two(p.hour)}:${two(p.minute)}`;
const dayMonth = (p: ZonedParts) => `${two(p.day)} ${MONTHS[p.month - 1]}`;
const sameDay = (a: ZonedParts, b: ZonedParts) => a.year === b.year && a.month === b.month && a.day === b.day;

/** 'dd MMM yyyy, HH:mm' in Spanish, e.g. '05 mar 2026, 14:30'. Empty string for no date. */
export function formatDateTime(
  value: Date | string | number | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const d = toDate(value);
  if (!d) return "";
  const p = zonedParts(d, timeZone);
  return `${dayMonth(p)} ${p.year}, ${clock(p)}`;
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
  const p = zonedParts(d, timeZone);
  const today = zonedParts(now, timeZone);
  if (sameDay(p, today)) return clock(p);
  return p.year === today.year ? dayMonth(p) : `${dayMonth(p)} ${p.year}`;
}

const UNITS: Array<[minutes: number, one: string, many: string]> = [
  [525_600, "1 año", "años"],
  [43_200, "1 mes", "meses"],
  [1_440, "1 día", "días"],
  [60, "1 hora", "horas"],
  [1, "1 minuto", "minutos"],
];

/**
 * 'hace 5 minutos' (whole units, rounded down: minutes under an hour, hours under a day, days
 * under 30, months under a year, then years); an invalid date reads 'hace un momento', as does
 * anything under a minute.
 */
export function formatRelative(
  value: Date | string | number | null | undefined,
  now: Date = new Date(),
): string {
  const d = toDate(value);
  if (!d) return "hace un momento";
  const minutes = (now.getTime() - d.getTime()) / 60_000;
  if (minutes < 1) return "hace un momento";
  const [size, one, many] = UNITS.find(([size]) => minutes >= size) ?? [1, "1 minuto", "minutos"];
  const count = Math.floor(minutes / size);
  // 12 months read as a year.
  if (size === 43_200 && count === 12) return "hace 1 año";
  return `hace ${count === 1 ? one : `${count} ${many}`}`;
}

/**
 * The start of a calendar day 'YYYY-MM-DD' in the shop's time zone, as an instant; `nextDay` gives
 * the start of the day after (an exclusive end). Null for anything that is not such a date.
 */
export function dayStart(day: string, timeZone: string = DEFAULT_TIME_ZONE, nextDay = false): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // 2026-02-31 would roll over into March: not a real day.
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return zonedInstant(y, mo, nextDay ? d + 1 : d, 0, 0, timeZone);
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
  const p = zonedParts(d, timeZone);
  const today = zonedParts(now, timeZone);
  if (sameDay(p, today)) return clock(p);
  return p.year === today.year ? `${dayMonth(p)}, ${clock(p)}` : `${dayMonth(p)} ${p.year}, ${clock(p)}`;
}

// ---------------------------------------------------------------- calendar days ('YYYY-MM-DD')

const MONTH_NAMES = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day ('YYYY-MM-DD') the shop's wall clock shows at `value`; null for no date. */
export function zonedDay(
  value: Date | string | number | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string | null {
  const d = toDate(value);
  if (!d) return null;
  const p = zonedParts(d, timeZone);
  return `${p.year}-${two(p.month)}-${two(p.day)}`;
}

/** Whether `day` is a real calendar day written 'YYYY-MM-DD'. */
export function isDay(day: unknown): day is string {
  if (typeof day !== "string") return false;
  const m = DAY_RE.exec(day);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1;
}

/** `day` plus `n` calendar days (across months and years), as 'YYYY-MM-DD'. */
export function addDays(day: string, n: number): string {
  const m = DAY_RE.exec(day);
  if (!m) throw new RangeError(`not a day: ${day}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + n));
  return d.toISOString().slice(0, 10);
}

/**
 * Two calendar days as Spanish reads a range: '3–7 de diciembre', '28 de noviembre – 2 de
 * diciembre', '5 de diciembre' for one day; with the year when it is not the current one (in the
 * shop's zone) or the range crosses into another: '30 de diciembre de 2026 – 3 de enero de 2027'.
 */
export function formatDayRange(
  from: string,
  to: string,
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const a = DAY_RE.exec(from);
  const b = DAY_RE.exec(to);
  if (!a || !b) return "";
  const [ay, am, ad] = [Number(a[1]), Number(a[2]), Number(a[3])];
  const [by, bm, bd] = [Number(b[1]), Number(b[2]), Number(b[3])];
  const thisYear = zonedParts(now, timeZone).year;
  const year = (y: number) => (ay !== by || y !== thisYear ? ` de ${y}` : "");
  const day = (d: number, m: number, y: number) => `${d} de ${MONTH_NAMES[m - 1]}${year(y)}`;
  if (from === to) return day(ad, am, ay);
  if (ay === by && am === bm) return `${ad}–${day(bd, bm, by)}`;
  return `${day(ad, am, ay)} – ${day(bd, bm, by)}`;
}

// ---------------------------------------------------------------- wall-clock inputs ('YYYY-MM-DDTHH:MM')

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a `<input type="datetime-local">` value means on the shop's wall clock
 * ('2026-12-24T18:00' in Miami); null for anything else, or a day or time that does not exist.
 */
export function fromZonedInput(value: string, timeZone: string = DEFAULT_TIME_ZONE): Date | null {
  const m = LOCAL_RE.exec(value);
  if (!m) return null;
  const [h, min] = [Number(m[4]), Number(m[5])];
  if (!isDay(`${m[1]}-${m[2]}-${m[3]}`) || h > 23 || min > 59) return null;
  return zonedInstant(Number(m[1]), Number(m[2]), Number(m[3]), h, min, timeZone);
}

/** `value` as a `<input type="datetime-local">` shows it on the shop's wall clock: '2026-12-24T18:00'. */
export function toZonedInput(
  value: Date | string | number | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const d = toDate(value);
  if (!d) return "";
  const p = zonedParts(d, timeZone);
  return `${p.year}-${two(p.month)}-${two(p.day)}T${clock(p)}`;
}

/** Whether `tz` is an IANA time zone this platform knows ('America/Managua'). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("es", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
