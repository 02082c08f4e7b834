import { addDays, DEFAULT_TIME_ZONE, dayStart, zonedDay } from "./dates";
import { isUuid } from "./ids";
import { type SpecialDate, specialDateOn } from "./opening-hours";
import { plainCookie, readPlainCookie } from "./plain-cookie";

/**
 * What the owner schedules at /admin/avisos: the announcement bar above every public page and the
 * special dates that replace the weekly hours. Both start and end by the clock, with no event: the
 * pages work out what shows at request time from the cached lists, and a kept copy of a page lives
 * no longer than the next start or end (`nextScheduleChange`). Browser-safe.
 */

export type { SpecialDate } from "./opening-hours";

/** One announcement; the instants are ISO strings (they cross the network in loader data). */
export type Announcement = {
  id: string;
  message: string;
  /** An http(s) address or a path of this site ('/tienda'); null for none. */
  linkUrl: string | null;
  startsAt: string;
  endsAt: string;
  active: boolean;
  createdAt: string;
};

/** The announcements not yet ended and the special dates not yet ended (the site content cache's). */
export type Schedule = { announcements: Announcement[]; specialDates: SpecialDate[] };

export const EMPTY_SCHEDULE: Schedule = { announcements: [], specialDates: [] };

export const MAX_ANNOUNCEMENT_LENGTH = 200;

const at = (iso: string) => new Date(iso).getTime();

/** Whether an announcement shows at `now`: switched on, and `now` inside [startsAt, endsAt). */
export function isShownAt(a: Announcement, now: Date): boolean {
  const t = now.getTime();
  return a.active && at(a.startsAt) <= t && t < at(a.endsAt);
}

/** The one announcement the bar shows at `now`: the newest switched-on one whose period includes it. */
export function announcementAt(list: readonly Announcement[], now: Date): Announcement | null {
  let best: Announcement | null = null;
  for (const a of list) {
    if (!isShownAt(a, now)) continue;
    if (!best || a.createdAt > best.createdAt || (a.createdAt === best.createdAt && a.id > best.id)) best = a;
  }
  return best;
}

/** The special dates that have not ended on the shop's calendar day of `now`, soonest first. */
export function specialDatesAhead(
  list: readonly SpecialDate[],
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): SpecialDate[] {
  const today = zonedDay(now, timeZone) ?? "";
  return list.filter((s) => s.endsOn >= today).sort((a, b) => a.startsOn.localeCompare(b.startsOn));
}

/**
 * The first instant after `now` at which what a page shows may change by the clock alone: an
 * announcement starts or ends, a special date begins or ends, and (while one is on) the next
 * midnight, since 'abrimos mañana' becomes 'abrimos hoy'. Null when nothing is scheduled.
 */
export function nextScheduleChange(
  schedule: Schedule,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): Date | null {
  const t = now.getTime();
  let next = Number.POSITIVE_INFINITY;
  const consider = (d: Date | null | number) => {
    const v = d instanceof Date ? d.getTime() : d;
    if (v !== null && v > t && v < next) next = v;
  };
  for (const a of schedule.announcements) {
    if (!a.active) continue;
    consider(at(a.startsAt));
    consider(at(a.endsAt));
  }
  for (const s of schedule.specialDates) {
    consider(dayStart(s.startsOn, timeZone));
    consider(dayStart(s.endsOn, timeZone, true));
  }
  const today = zonedDay(now, timeZone) ?? "";
  if (specialDateOn(schedule.specialDates, today)) consider(dayStart(addDays(today, 1), timeZone));
  return Number.isFinite(next) ? new Date(next) : null;
}

/** What the public pages get from the root loader. */
export type PageSchedule = {
  /** The announcement to show, unless this visitor closed it. */
  announcement: Pick<Announcement, "id" | "message" | "linkUrl" | "endsAt"> | null;
  /** Special dates not yet ended, soonest first. */
  specialDates: SpecialDate[];
  /** The shop's calendar day the page was made on ('YYYY-MM-DD'). */
  today: string;
};

/** The schedule as a page shows it at `now`, for a visitor who closed the announcements `closed`. */
export function pageSchedule(
  schedule: Schedule,
  opts: { now: Date; timeZone?: string; closed?: readonly string[] },
): PageSchedule {
  const timeZone = opts.timeZone ?? DEFAULT_TIME_ZONE;
  const shown = announcementAt(schedule.announcements, opts.now);
  return {
    announcement:
      shown && !opts.closed?.includes(shown.id)
        ? { id: shown.id, message: shown.message, linkUrl: shown.linkUrl, endsAt: shown.endsAt }
        : null,
    specialDates: specialDatesAhead(schedule.specialDates, opts.now, timeZone),
    today: zonedDay(opts.now, timeZone) ?? "",
  };
}

// ---------------------------------------------------------------- closing the bar

/**
 * The visitor's closed announcements: a plain cookie (app/lib/plain-cookie.ts; ids joined by '.'), written by the bar's
 * close form on the server, or by its script in the browser, so the server never renders a bar
 * the visitor closed (no shift after hydration). A visitor with it skips the shared page cache,
 * like any request with a cookie; it ends with the announcement it names.
 */
export const CLOSED_ANNOUNCEMENTS_COOKIE = "mm_avisos";
const KEPT_CLOSED = 5;

/** The announcement ids a Cookie header says this visitor closed. */
export function closedAnnouncements(cookieHeader: string | null | undefined): string[] {
  const value = readPlainCookie(cookieHeader, CLOSED_ANNOUNCEMENTS_COOKIE);
  return (value ?? "")
    .split(".")
    .filter((id) => isUuid(id))
    .slice(-KEPT_CLOSED);
}

/**
 * The cookie that adds `id` to the closed ones, kept until that announcement ends (at most a year).
 * A Set-Cookie value, and also what `document.cookie` takes.
 */
export function closeAnnouncementCookie(
  closed: readonly string[],
  announcement: { id: string; endsAt: string },
  opts: { now: Date; secure: boolean },
): string {
  const ids = [...closed.filter((c) => c !== announcement.id), announcement.id].slice(-KEPT_CLOSED);
  const seconds = Math.floor((at(announcement.endsAt) - opts.now.getTime()) / 1000);
  const maxAge = Math.min(Math.max(seconds, 60), 366 * 24 * 3600);
  return plainCookie(CLOSED_ANNOUNCEMENTS_COOKIE, ids.join("."), {
    Path: "/",
    "Max-Age": maxAge,
    SameSite: "Lax",
    Secure: opts.secure,
  });
}

/** A link the bar may carry: an http(s) address, or a path of this site ('/tienda'). */
export function isAnnouncementLink(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname;
  } catch {
    return false;
  }
}
