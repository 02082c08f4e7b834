import { addDays, DEFAULT_TIME_ZONE, dayStart, formatDayRange, zonedDay, zonedParts } from "./dates";

/**
 * The shop's opening hours from the site texts (businessHoursWeekday / Saturday / Sunday), which
 * the admin edits as free text: '9:00 AM - 6:00 PM', '9am-6pm', 'de 9 a 18', '09:00 – 18:00 hrs',
 * 'Cerrado'. The chat widget tells a visitor when the shop opens next, in the shop's time zone.
 * Browser-safe.
 */

/** Minutes after midnight: [open, close). */
export type DayHours = { open: number; close: number } | "closed";
export type SiteHours = { weekday: string; saturday: string; sunday: string };

const CLOSED = /\b(cerrad[oa]s?|closed|no abrimos|descanso)\b/;
const TIME = /(\d{1,2})(?:\s*[:.h]\s*(\d{2}))?\s*(am|pm)?(?![\d])/g;

function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\ba\.?\s?m\.?(?=\s|$|[^a-z])/g, "am")
    .replace(/\bp\.?\s?m\.?(?=\s|$|[^a-z])/g, "pm")
    .replace(/mediodia/g, "12:00 pm")
    .replace(/medianoche/g, "12:00 am");
}

const to24 = (h: number, meridiem: string | undefined) =>
  meridiem === "am" ? h % 12 : meridiem === "pm" ? (h % 12) + 12 : h;

/** One day's text → its hours, 'closed', or null when it cannot be read. */
export function parseDayHours(text: string): DayHours | null {
  const s = normalize(text.trim());
  if (!s) return null;
  if (CLOSED.test(s)) return "closed";
  const times = [...s.matchAll(TIME)].slice(0, 2);
  if (times.length < 2) return null;
  const [a, b] = times.map((m) => ({ h: Number(m[1]), m: Number(m[2] ?? 0), mer: m[3] }));
  if (!a || !b || a.h > 24 || b.h > 24 || a.m > 59 || b.m > 59) return null;
  if ((a.mer && a.h > 12) || (b.mer && b.h > 12)) return null;
  // '9 - 6 pm': the first takes the second's half of the day when that keeps it earlier.
  let aMer = a.mer;
  if (!aMer && b.mer) aMer = to24(a.h, b.mer) * 60 + a.m < to24(b.h, b.mer) * 60 + b.m ? b.mer : "am";
  const open = to24(a.h, aMer) * 60 + a.m;
  let close = to24(b.h, b.mer) * 60 + b.m;
  // 'de 9 a 6' without am/pm means 9:00 to 18:00.
  if (!b.mer && close <= open && b.h < 12) close += 12 * 60;
  if (close === 0 && b.h === 12 && b.mer === "am") close = 24 * 60;
  if (b.h === 24) close = 24 * 60;
  if (open >= close || open > 24 * 60) return null;
  return { open, close };
}

/** '9:00 AM', '1:30 PM'. */
export function formatClock(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

const WEEKDAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];

/**
 * A special date the owner sets at /admin/avisos: from `startsOn` to `endsOn` (shop-zone calendar
 * days, inclusive) the shop is closed, or open `opensAt`–`closesAt` ('HH:MM', 24 h) instead of its
 * weekly hours. `reason` is what visitors read ('Navidad').
 */
export type SpecialDate = {
  id: string;
  startsOn: string;
  endsOn: string;
  closed: boolean;
  opensAt: string | null;
  closesAt: string | null;
  reason: string;
};

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:MM' (24 h) → minutes after midnight; null for anything else. */
export function minutesOf(hhmm: string | null | undefined): number | null {
  const m = HHMM.exec(hhmm ?? "");
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** A special date's hours: 'closed', or its own opening and closing (null when they cannot be read). */
export function specialDayHours(special: SpecialDate): DayHours | null {
  if (special.closed) return "closed";
  const open = minutesOf(special.opensAt);
  const close = minutesOf(special.closesAt);
  return open !== null && close !== null && open < close ? { open, close } : null;
}

/** The special date covering calendar `day` ('YYYY-MM-DD'), if any. */
export function specialDateOn(special: readonly SpecialDate[], day: string): SpecialDate | undefined {
  return special.find((s) => s.startsOn <= day && day <= s.endsOn);
}

/** A special date's hours as visitors read them: 'Cerrado' or '9:00 AM – 2:00 PM'. */
export function specialHoursText(special: SpecialDate): string {
  const h = specialDayHours(special);
  if (h === null) return "Horario especial";
  return h === "closed" ? "Cerrado" : `${formatClock(h.open)} – ${formatClock(h.close)}`;
}

export type NextOpening =
  | { state: "open" }
  | {
      state: "opens";
      day: "hoy" | "mañana" | string;
      minutes: number;
      /** Today is a special date the shop is closed: its reason ('' when none was given). */
      closedToday?: string;
    }
  /** Closed today for a special date, and the next opening is too far or cannot be read. */
  | { state: "closed-today"; reason: string }
  | null;

function hoursOn(weekday: number, hours: SiteHours): DayHours | null {
  const text = weekday === 0 ? hours.sunday : weekday === 6 ? hours.saturday : hours.weekday;
  return parseDayHours(text);
}

/**
 * Whether the shop is open at `now` (in `timeZone`), or when it opens next; null when a day that
 * matters cannot be read (the widget then says something neutral). The special dates
 * (/admin/avisos) replace the weekly hours on their days: a closed special date today says so and
 * names the next real opening, past any closed days that follow.
 */
export function nextOpening(
  now: Date,
  hours: SiteHours,
  timeZone = DEFAULT_TIME_ZONE,
  special: readonly SpecialDate[] = [],
): NextOpening {
  const local = zonedParts(now, timeZone);
  const minute = local.hour * 60 + local.minute;
  const today = zonedDay(now, timeZone) ?? "";
  const todaySpecial = specialDateOn(special, today);
  const closedToday = todaySpecial?.closed ? todaySpecial.reason : undefined;
  const unknown = (): NextOpening =>
    closedToday === undefined ? null : { state: "closed-today", reason: closedToday };
  // A week of ordinary days, plus the special ones (a closure may run for weeks).
  const specialDays = special.reduce((n, s) => n + daysBetween(s.startsOn, s.endsOn) + 1, 0);
  const horizon = Math.min(7 + specialDays, 400);
  for (let offset = 0; offset <= horizon; offset++) {
    const day = addDays(today, offset);
    const weekday = (local.weekday + offset) % 7;
    const s = specialDateOn(special, day);
    const h = s ? specialDayHours(s) : hoursOn(weekday, hours);
    if (h === null) return unknown();
    if (h === "closed") continue;
    if (offset === 0 && minute >= h.open && minute < h.close) return { state: "open" };
    if (offset === 0 && minute >= h.close) continue;
    const name =
      offset === 0
        ? "hoy"
        : offset === 1
          ? "mañana"
          : offset < 7
            ? `el ${WEEKDAYS[weekday]}`
            : `el ${formatDayRange(day, day, now, timeZone)}`;
    return {
      state: "opens",
      day: name,
      minutes: h.open,
      ...(closedToday !== undefined ? { closedToday } : {}),
    };
  }
  return unknown();
}

function daysBetween(from: string, to: string): number {
  const [a, b] = [dayStart(from, "UTC"), dayStart(to, "UTC")];
  return a && b ? Math.max(0, Math.round((b.getTime() - a.getTime()) / 86_400_000)) : 0;
}

/** 'Hoy estamos cerrados (Navidad).' */
function closedTodayText(reason: string): string {
  return reason ? `Hoy estamos cerrados (${reason}).` : "Hoy estamos cerrados.";
}

/**
 * What the widget says when nobody is online (docs/product.md §2.10). `clockNote` follows the
 * opening time (' (hora de Miami)' for a visitor whose clock differs: app/lib/shop-clock.ts).
 */
export function offlineNotice(next: NextOpening, clockNote = ""): string {
  if (next?.state === "opens") {
    const at = Math.floor(next.minutes / 60) % 12 === 1 ? "a la" : "a las";
    const opens = `Abrimos ${next.day} ${at} ${formatClock(next.minutes)}${clockNote}. Responderemos tu mensaje entonces.`;
    return next.closedToday !== undefined ? `${closedTodayText(next.closedToday)} ${opens}` : opens;
  }
  if (next?.state === "closed-today")
    return `${closedTodayText(next.reason)} Responderemos tu mensaje en nuestro horario de atención.`;
  if (next?.state === "open")
    return "Ahora no hay nadie en línea. Responderemos tu mensaje lo antes posible.";
  return "Ahora no hay nadie en línea. Responderemos tu mensaje en nuestro horario de atención.";
}
