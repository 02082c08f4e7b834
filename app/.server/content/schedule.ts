import { and, asc, eq, gte, lt, lte, ne } from "drizzle-orm";
import { formatDateTime, formatDayRange, fromZonedInput, zonedDay } from "../../lib/dates";
import { type SpecialDate, specialHoursText } from "../../lib/opening-hours";
import type { Announcement } from "../../lib/schedule";
import type { AnnouncementValues, SpecialDateValues } from "../../lib/schedule-forms";
import { type AuditEntry, recordAudit } from "../audit/audit";
import type { Db } from "../db/client";
import { withLock } from "../db/locks";
import { announcements, specialHours } from "../db/schema";
import type { Deps } from "../deps";
import { DomainError, InvalidInputError, NotFoundError } from "../errors";
import { type AnnouncementRow, announcementColumns, specialColumns, toAnnouncement } from "./schedule-load";
import { announceSiteChange } from "./site";

/**
 * The announcement bar and the special dates of /admin/avisos. Every save is audited in its
 * transaction and announced on the site topic (kind 'schedule'): every instance drops its cached
 * site content and pages show the change at their next request. Starting and ending need no
 * event: pages decide what shows at request time (app/lib/schedule.ts).
 */

/** A change of the schedule: the shop's time zone reads the wall-clock inputs; `now` is injectable. */
export type ScheduleDeps = Deps & { timeZone: string; now?: () => Date };

// ---------------------------------------------------------------- announcements

/** An announcement in words for the audit log ('Desde: 24 dic 2026, 18:00'). */
function announcementWords(a: Omit<Announcement, "createdAt" | "id">, timeZone: string) {
  return {
    message: a.message,
    linkUrl: a.linkUrl,
    startsAt: formatDateTime(a.startsAt, timeZone),
    endsAt: formatDateTime(a.endsAt, timeZone),
    active: a.active,
  };
}

function changedWords<T extends Record<string, unknown>>(before: T, after: T) {
  const out: Record<string, [unknown, unknown]> = {};
  for (const k of Object.keys(after)) {
    if (JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null))
      out[k] = [before[k], after[k]];
  }
  return out;
}

function instantOf(value: string, timeZone: string, field: string): Date {
  const d = fromZonedInput(value, timeZone);
  if (!d) throw new InvalidInputError("schedule-time", field);
  return d;
}

/** Adds an announcement, or changes the one `id` names. One that would already have ended is refused. */
export async function saveAnnouncement(deps: ScheduleDeps, v: AnnouncementValues): Promise<Announcement> {
  const now = deps.now?.() ?? new Date();
  const startsAt = instantOf(v.startsAt, deps.timeZone, "startsAt");
  const endsAt = instantOf(v.endsAt, deps.timeZone, "endsAt");
  if (endsAt <= startsAt) throw new InvalidInputError("announcement-period", "endsAt");
  if (endsAt <= now) throw new InvalidInputError("announcement-ended", "endsAt");
  const values = { message: v.message, linkUrl: v.linkUrl, startsAt, endsAt, active: v.active };
  const words = (a: Omit<Announcement, "createdAt" | "id">) => announcementWords(a, deps.timeZone);
  const saved = await deps.db.transaction(async (tx) => {
    let row: AnnouncementRow | undefined;
    let audit: AuditEntry;
    if (v.id) {
      const [before] = await tx
        .select(announcementColumns)
        .from(announcements)
        .where(eq(announcements.id, v.id))
        .for("update");
      if (!before) throw new NotFoundError("announcement");
      [row] = await tx
        .update(announcements)
        .set({ ...values, updatedAt: now })
        .where(eq(announcements.id, v.id))
        .returning(announcementColumns);
      const after = toAnnouncement(row as AnnouncementRow);
      audit = {
        action: "site.announcement",
        entityId: v.id,
        target: v.message,
        changes: changedWords(words(toAnnouncement(before)), words(after)),
      };
    } else {
      [row] = await tx.insert(announcements).values(values).returning(announcementColumns);
      const created = toAnnouncement(row as AnnouncementRow);
      audit = {
        action: "site.announcement",
        entityId: created.id,
        target: v.message,
        changes: words(created),
      };
    }
    await recordAudit(tx, deps.actor ?? null, audit);
    return toAnnouncement(row as AnnouncementRow);
  });
  await announceSiteChange(deps.bus, "schedule");
  return saved;
}

/** 'Mostrar' / 'Ocultar' without opening the form. */
export async function setAnnouncementActive(deps: ScheduleDeps, id: string, active: boolean): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ message: announcements.message, active: announcements.active })
      .from(announcements)
      .where(eq(announcements.id, id))
      .for("update");
    if (!before) throw new NotFoundError("announcement");
    if (before.active === active) return;
    await tx.update(announcements).set({ active, updatedAt: new Date() }).where(eq(announcements.id, id));
    await recordAudit(tx, deps.actor ?? null, {
      action: "site.announcement",
      entityId: id,
      target: before.message,
      changes: { active: [before.active, active] },
    });
  });
  await announceSiteChange(deps.bus, "schedule");
}

export async function deleteAnnouncement(deps: ScheduleDeps, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(announcements)
      .where(eq(announcements.id, id))
      .returning(announcementColumns);
    if (!gone) throw new NotFoundError("announcement");
    await recordAudit(tx, deps.actor ?? null, {
      action: "site.announcement-deleted",
      entityId: id,
      target: gone.message,
      changes: announcementWords(toAnnouncement(gone), deps.timeZone),
    });
  });
  await announceSiteChange(deps.bus, "schedule");
}

// ---------------------------------------------------------------- special dates

/** A save whose days cross another special date's: `other` is that one. */
export class SpecialDateOverlapError extends DomainError {
  constructor(readonly other: SpecialDate) {
    super("conflict", "special-overlap", { field: "startsOn" });
  }
}

/** A day in words with its year: '24 de diciembre de 2026'. */
const dayWords = (day: string) => formatDayRange(day, day, new Date(0));

function specialWords(s: Omit<SpecialDate, "id">) {
  return {
    startsOn: dayWords(s.startsOn),
    endsOn: dayWords(s.endsOn),
    specialHours: specialHoursText({ ...s, id: "" }),
    reason: s.reason,
  };
}

/**
 * Adds a special date, or changes the one `id` names. Refused: one that ended before today (in the
 * shop's zone), and one whose days cross another's (SpecialDateOverlapError, naming it).
 */
export async function saveSpecialDate(deps: ScheduleDeps, v: SpecialDateValues): Promise<SpecialDate> {
  const today = zonedDay(deps.now?.() ?? new Date(), deps.timeZone) ?? "";
  if (v.endsOn < today) throw new InvalidInputError("special-past", "endsOn");
  const values = {
    startsOn: v.startsOn,
    endsOn: v.endsOn,
    closed: v.closed,
    opensAt: v.opensAt,
    closesAt: v.closesAt,
    reason: v.reason,
  };
  const saved = await withLock(deps.db, "specialHours", async (tx) => {
    const crossing = [lte(specialHours.startsOn, v.endsOn), gte(specialHours.endsOn, v.startsOn)];
    if (v.id) crossing.push(ne(specialHours.id, v.id));
    const [other] = await tx
      .select(specialColumns)
      .from(specialHours)
      .where(and(...crossing))
      .orderBy(asc(specialHours.startsOn))
      .limit(1);
    if (other) throw new SpecialDateOverlapError(other);
    let row: SpecialDate | undefined;
    let audit: AuditEntry;
    if (v.id) {
      const [before] = await tx.select(specialColumns).from(specialHours).where(eq(specialHours.id, v.id));
      if (!before) throw new NotFoundError("special-date");
      [row] = await tx
        .update(specialHours)
        .set(values)
        .where(eq(specialHours.id, v.id))
        .returning(specialColumns);
      audit = {
        action: "site.special-hours",
        entityId: v.id,
        target: v.reason,
        changes: changedWords(specialWords(before), specialWords(values)),
      };
    } else {
      [row] = await tx.insert(specialHours).values(values).returning(specialColumns);
      audit = {
        action: "site.special-hours",
        entityId: row?.id,
        target: v.reason,
        changes: specialWords(values),
      };
    }
    await recordAudit(tx, deps.actor ?? null, audit);
    return row as SpecialDate;
  });
  await announceSiteChange(deps.bus, "schedule");
  return saved;
}

export async function deleteSpecialDate(deps: ScheduleDeps, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx.delete(specialHours).where(eq(specialHours.id, id)).returning(specialColumns);
    if (!gone) throw new NotFoundError("special-date");
    await recordAudit(tx, deps.actor ?? null, {
      action: "site.special-hours-deleted",
      entityId: id,
      target: gone.reason,
      changes: specialWords(gone),
    });
  });
  await announceSiteChange(deps.bus, "schedule");
}

/**
 * Housekeeping: deletes the announcements that have ended and the special dates whose last day
 * (in the shop's zone) is over. No announcement: pages stopped showing them when they ended.
 */
export async function pruneSchedule(db: Db, timeZone: string, now: Date = new Date()): Promise<void> {
  const today = zonedDay(now, timeZone) ?? now.toISOString().slice(0, 10);
  await Promise.all([
    db.delete(announcements).where(lte(announcements.endsAt, now)),
    db.delete(specialHours).where(lt(specialHours.endsOn, today)),
  ]);
}
