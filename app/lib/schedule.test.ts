import { describe, expect, it } from "vitest";
import type { SpecialDate } from "./opening-hours";
import {
  type Announcement,
  announcementAt,
  closeAnnouncementCookie,
  closedAnnouncements,
  isAnnouncementLink,
  nextScheduleChange,
  pageSchedule,
} from "./schedule";
import { announcementSchema, specialDateSchema } from "./schedule-forms";

// Miami is UTC-5 in December.
const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";
const announcement = (over: Partial<Announcement>): Announcement => ({
  id: A,
  message: "Cerramos temprano el 24",
  linkUrl: null,
  startsAt: "2026-12-20T14:00:00.000Z",
  endsAt: "2026-12-25T05:00:00.000Z",
  active: true,
  createdAt: "2026-12-01T12:00:00.000Z",
  ...over,
});
const christmas: SpecialDate = {
  id: "s1",
  startsOn: "2026-12-25",
  endsOn: "2026-12-25",
  closed: true,
  opensAt: null,
  closesAt: null,
  reason: "Navidad",
};

describe("the announcement shown now", () => {
  const older = announcement({ id: A });
  const newer = announcement({
    id: B,
    message: "Pedidos de Navidad hasta el 22",
    startsAt: "2026-12-21T14:00:00.000Z",
    endsAt: "2026-12-23T05:00:00.000Z",
    createdAt: "2026-12-10T12:00:00.000Z",
  });

  it("is the newest switched-on one whose period includes the clock", () => {
    expect(announcementAt([older, newer], new Date("2026-12-20T15:00:00Z"))?.id).toBe(A);
    expect(announcementAt([older, newer], new Date("2026-12-21T15:00:00Z"))?.id).toBe(B);
    expect(announcementAt([older, { ...newer, active: false }], new Date("2026-12-21T15:00:00Z"))?.id).toBe(
      A,
    );
  });

  it("starts at its start time and is gone at its end time, with no event", () => {
    expect(announcementAt([older], new Date("2026-12-20T13:59:59Z"))).toBeNull();
    expect(announcementAt([older], new Date("2026-12-20T14:00:00Z"))?.id).toBe(A);
    expect(announcementAt([older], new Date("2026-12-25T04:59:59Z"))?.id).toBe(A);
    expect(announcementAt([older], new Date("2026-12-25T05:00:00Z"))).toBeNull();
  });

  it("is left out for a visitor who closed it, and the special dates that ended are dropped", () => {
    const past = { ...christmas, id: "s0", startsOn: "2026-12-18", endsOn: "2026-12-19" };
    const schedule = { announcements: [older], specialDates: [past, christmas] };
    const now = new Date("2026-12-20T15:00:00Z");
    expect(pageSchedule(schedule, { now })).toMatchObject({
      announcement: { id: A, message: "Cerramos temprano el 24" },
      specialDates: [christmas],
      today: "2026-12-20",
    });
    expect(pageSchedule(schedule, { now, closed: [A] }).announcement).toBeNull();
  });
});

describe("the next moment a page may change by the clock", () => {
  const schedule = { announcements: [announcement({})], specialDates: [christmas] };

  it("is the next start or end of an announcement or a special date", () => {
    const at = (iso: string) => nextScheduleChange(schedule, new Date(iso))?.toISOString();
    expect(at("2026-12-19T12:00:00Z")).toBe("2026-12-20T14:00:00.000Z");
    // The announcement ends when Christmas starts (midnight in Miami).
    expect(at("2026-12-21T12:00:00Z")).toBe("2026-12-25T05:00:00.000Z");
    // On Christmas: its end, the next midnight in Miami.
    expect(at("2026-12-25T12:00:00Z")).toBe("2026-12-26T05:00:00.000Z");
    expect(at("2026-12-27T12:00:00Z")).toBeUndefined();
  });

  it("ignores announcements switched off", () => {
    const off = { announcements: [announcement({ active: false })], specialDates: [] };
    expect(nextScheduleChange(off, new Date("2026-12-19T12:00:00Z"))).toBeNull();
  });
});

describe("closing the bar", () => {
  it("remembers the closed ids in a cookie that ends with the announcement", () => {
    const cookie = closeAnnouncementCookie([B], announcement({}), {
      now: new Date("2026-12-24T05:00:00Z"),
      secure: true,
    });
    expect(cookie).toBe(`mm_avisos=${B}.${A}; Path=/; Max-Age=86400; SameSite=Lax; Secure`);
    expect(closedAnnouncements(`mm_flash=x; ${cookie.split(";")[0]}`)).toEqual([B, A]);
    expect(closedAnnouncements("mm_avisos=<script>.x")).toEqual([]);
  });
});

describe("the forms' checks", () => {
  const valid = { message: "Hola", startsAt: "2026-12-20T09:00", endsAt: "2026-12-21T09:00" };

  it("refuses an announcement whose end is not after its start, or a bad link", () => {
    const back = announcementSchema.safeParse({ ...valid, endsAt: "2026-12-20T08:00" });
    expect(back.error?.issues).toEqual([
      expect.objectContaining({ path: ["endsAt"], message: "«Hasta» debe ser después de «Desde»." }),
    ]);
    expect(announcementSchema.safeParse({ ...valid, message: "x".repeat(201) }).success).toBe(false);
    for (const link of ["javascript:alert(1)", "//evil.example", "tienda"]) {
      expect(isAnnouncementLink(link), link).toBe(false);
    }
    expect(isAnnouncementLink("/tienda?categoria=comida")).toBe(true);
    expect(announcementSchema.parse({ ...valid, linkUrl: "https://wa.me/1" }).linkUrl).toBe(
      "https://wa.me/1",
    );
  });

  it("refuses a special date whose end is before its start, and hours missing when not closed", () => {
    const day = { startsOn: "2026-12-25", reason: "Navidad" };
    expect(specialDateSchema.parse({ ...day, kind: "closed" })).toMatchObject({
      endsOn: "2026-12-25",
      closed: true,
      opensAt: null,
    });
    const back = specialDateSchema.safeParse({ ...day, endsOn: "2026-12-24", kind: "closed" });
    expect(back.error?.issues[0]).toMatchObject({
      path: ["endsOn"],
      message: "«Hasta» no puede ser antes de «Desde».",
    });
    const hours = specialDateSchema.safeParse({ ...day, kind: "hours", closesAt: "14:00" });
    expect(hours.error?.issues[0]).toMatchObject({ path: ["opensAt"], message: "Indica a qué hora abre." });
    const reversed = specialDateSchema.safeParse({
      ...day,
      kind: "hours",
      opensAt: "14:00",
      closesAt: "09:00",
    });
    expect(reversed.error?.issues[0]?.path).toEqual(["closesAt"]);
  });
});
