import { asc, desc, gte } from "drizzle-orm";
import { addDays } from "../../lib/dates";
import type { Announcement, Schedule } from "../../lib/schedule";
import type { Db } from "../db/client";
import { announcements, specialHours } from "../db/schema";

/** Reading the schedule of /admin/avisos (the site content cache's `schedule`); changes are in schedule.ts. */

export const announcementColumns = {
  id: announcements.id,
  message: announcements.message,
  linkUrl: announcements.linkUrl,
  startsAt: announcements.startsAt,
  endsAt: announcements.endsAt,
  active: announcements.active,
  createdAt: announcements.createdAt,
};

export const specialColumns = {
  id: specialHours.id,
  startsOn: specialHours.startsOn,
  endsOn: specialHours.endsOn,
  closed: specialHours.closed,
  opensAt: specialHours.opensAt,
  closesAt: specialHours.closesAt,
  reason: specialHours.reason,
};

export type AnnouncementRow = {
  id: string;
  message: string;
  linkUrl: string | null;
  startsAt: Date;
  endsAt: Date;
  active: boolean;
  createdAt: Date;
};

export const toAnnouncement = (r: AnnouncementRow): Announcement => ({
  ...r,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
});

/**
 * The announcements not yet ended (newest first) and the special dates not yet ended (soonest
 * first). Special dates are kept from the day before today in UTC: which of them has ended is
 * decided per request on the shop's calendar (specialDatesAhead).
 */
export async function loadSchedule(db: Db, now: Date = new Date()): Promise<Schedule> {
  const [rows, special] = await Promise.all([
    db
      .select(announcementColumns)
      .from(announcements)
      .where(gte(announcements.endsAt, now))
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(100),
    db
      .select(specialColumns)
      .from(specialHours)
      .where(gte(specialHours.endsOn, addDays(now.toISOString().slice(0, 10), -1)))
      .orderBy(asc(specialHours.startsOn))
      .limit(200),
  ]);
  return { announcements: rows.map(toAnnouncement), specialDates: special };
}
