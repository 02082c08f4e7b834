import { describe, expect, it } from "vitest";
import { formatClock, nextOpening, offlineNotice, parseDayHours, type SpecialDate } from "./opening-hours";
import { SITE_TEXT_DEFAULTS } from "./site";

const DEFAULT_HOURS = {
  weekday: SITE_TEXT_DEFAULTS.businessHoursWeekday,
  saturday: SITE_TEXT_DEFAULTS.businessHoursSaturday,
  sunday: SITE_TEXT_DEFAULTS.businessHoursSunday,
};
const h = (hh: number, mm = 0) => hh * 60 + mm;

describe("parseDayHours: the default format and what admins type", () => {
  it.each([
    ["9:00 AM - 6:00 PM", h(9), h(18)],
    ["10:00 AM - 2:00 PM", h(10), h(14)],
    ["9am-6pm", h(9), h(18)],
    ["9 a.m. – 6 p.m.", h(9), h(18)],
    ["9:00 a. m. a 6:00 p. m.", h(9), h(18)],
    ["09:00 - 18:00", h(9), h(18)],
    ["de 9 a 6", h(9), h(18)],
    ["De 8:30 a 17:30 hrs", h(8, 30), h(17, 30)],
    ["9 - 6 PM", h(9), h(18)],
    ["1 - 5 pm", h(13), h(17)],
    ["Lunes a viernes: 9:00 AM hasta 6:00 PM", h(9), h(18)],
    ["8h00 - 20h00", h(8), h(20)],
    ["10:00 AM - 12:00 PM", h(10), h(12)],
    ["6:00 PM - 12:00 AM", h(18), h(24)],
  ])("%s", (text, open, close) => {
    expect(parseDayHours(text)).toEqual({ open, close });
  });

  it.each(["Cerrado", "cerrado", "CERRADOS", "Closed"])("%s is closed", (text) => {
    expect(parseDayHours(text)).toBe("closed");
  });

  it.each(["", "Llámenos", "todo el día", "9", "25:00 - 26:00", "6 PM - 9 AM"])(
    "%s cannot be read",
    (text) => {
      expect(parseDayHours(text)).toBeNull();
    },
  );

  it("formats 12-hour clock times", () => {
    expect([formatClock(h(9)), formatClock(h(13, 30)), formatClock(0), formatClock(h(12))]).toEqual([
      "9:00 AM",
      "1:30 PM",
      "12:00 AM",
      "12:00 PM",
    ]);
  });
});

describe("nextOpening in Miami time", () => {
  // 2026-11-23 is a Monday; Miami is UTC-5 in November.
  const at = (iso: string) => new Date(iso);
  it("opens later today before opening time", () => {
    const next = nextOpening(at("2026-11-23T12:30:00Z"), DEFAULT_HOURS); // 7:30 AM Monday
    expect(offlineNotice(next)).toBe("Abrimos hoy a las 9:00 AM. Responderemos tu mensaje entonces.");
  });
  it("is open during the hours", () => {
    expect(nextOpening(at("2026-11-23T15:00:00Z"), DEFAULT_HOURS)).toEqual({ state: "open" });
  });
  it("after closing on a weekday: tomorrow", () => {
    const next = nextOpening(at("2026-11-23T23:30:00Z"), DEFAULT_HOURS); // 6:30 PM Monday
    expect(offlineNotice(next)).toBe("Abrimos mañana a las 9:00 AM. Responderemos tu mensaje entonces.");
  });
  it("late on Friday in UTC but Friday evening in Miami: Saturday at 10", () => {
    const next = nextOpening(at("2026-11-28T01:00:00Z"), DEFAULT_HOURS); // Fri 8 PM Miami
    expect(next).toEqual({ state: "opens", day: "mañana", minutes: h(10) });
  });
  it("Saturday afternoon skips the closed Sunday: Monday", () => {
    const next = nextOpening(at("2026-11-28T20:00:00Z"), DEFAULT_HOURS); // Sat 3 PM
    expect(offlineNotice(next)).toBe("Abrimos el lunes a las 9:00 AM. Responderemos tu mensaje entonces.");
  });
  it("Sunday: Monday (tomorrow)", () => {
    expect(nextOpening(at("2026-11-29T15:00:00Z"), DEFAULT_HOURS)).toMatchObject({ day: "mañana" });
  });
  it("says 'a la' for one o'clock", () => {
    const hours = { ...DEFAULT_HOURS, sunday: "1:00 PM - 5:00 PM" };
    expect(offlineNotice(nextOpening(at("2026-11-29T15:00:00Z"), hours))).toBe(
      "Abrimos hoy a la 1:00 PM. Responderemos tu mensaje entonces.",
    );
  });
  it("falls back to a neutral sentence when the hours cannot be read", () => {
    const hours = { ...DEFAULT_HOURS, saturday: "Consulte por teléfono" };
    const next = nextOpening(at("2026-11-28T20:00:00Z"), hours);
    expect(next).toBeNull();
    expect(offlineNotice(next)).toBe(
      "Ahora no hay nadie en línea. Responderemos tu mensaje en nuestro horario de atención.",
    );
    expect(
      nextOpening(at("2026-11-28T20:00:00Z"), { weekday: "", saturday: "", sunday: "Cerrado" }),
    ).toBeNull();
  });
  it("summer time: 9 AM is 13:00 UTC in July", () => {
    expect(nextOpening(at("2026-07-06T12:59:00Z"), DEFAULT_HOURS)).toMatchObject({ day: "hoy" });
    expect(nextOpening(at("2026-07-06T13:00:00Z"), DEFAULT_HOURS)).toEqual({ state: "open" });
  });
});

describe("nextOpening with the special dates of /admin/avisos", () => {
  // 2026-12-25 is a Friday; Miami is UTC-5 in December.
  const at = (iso: string) => new Date(iso);
  const special = (over: Partial<SpecialDate>): SpecialDate => ({
    id: "s",
    startsOn: "2026-12-25",
    endsOn: "2026-12-25",
    closed: true,
    opensAt: null,
    closesAt: null,
    reason: "Navidad",
    ...over,
  });

  it("a closed special date today says the shop is closed today and names the next real opening", () => {
    const next = nextOpening(at("2026-12-25T14:00:00Z"), DEFAULT_HOURS, undefined, [special({})]);
    expect(next).toEqual({ state: "opens", day: "mañana", minutes: h(10), closedToday: "Navidad" });
    expect(offlineNotice(next)).toBe(
      "Hoy estamos cerrados (Navidad). Abrimos mañana a las 10:00 AM. Responderemos tu mensaje entonces.",
    );
    // Without the special date, Friday 9 AM is open.
    expect(nextOpening(at("2026-12-25T14:00:00Z"), DEFAULT_HOURS)).toEqual({ state: "open" });
  });

  it("skips the closed days that follow, weekly or special", () => {
    const closure = special({ startsOn: "2026-12-24", endsOn: "2026-12-26", reason: "" });
    const next = nextOpening(at("2026-12-24T15:00:00Z"), DEFAULT_HOURS, undefined, [closure]);
    expect(offlineNotice(next)).toBe(
      "Hoy estamos cerrados. Abrimos el lunes a las 9:00 AM. Responderemos tu mensaje entonces.",
    );
    const long = special({ startsOn: "2026-12-20", endsOn: "2027-01-05", reason: "Vacaciones" });
    expect(nextOpening(at("2026-12-21T15:00:00Z"), DEFAULT_HOURS, undefined, [long])).toMatchObject({
      day: "el 6 de enero de 2027",
      minutes: h(9),
    });
  });

  it("other hours replace the day's weekly hours", () => {
    const eve = special({
      startsOn: "2026-12-24",
      endsOn: "2026-12-24",
      closed: false,
      opensAt: "09:00",
      closesAt: "14:00",
    });
    const list = [eve, special({})];
    expect(nextOpening(at("2026-12-24T18:00:00Z"), DEFAULT_HOURS, undefined, list)).toEqual({
      state: "open",
    });
    // Thursday 3 PM: closed for the day; Friday is Christmas; Saturday 10 AM.
    expect(nextOpening(at("2026-12-24T20:00:00Z"), DEFAULT_HOURS, undefined, list)).toMatchObject({
      day: "el sábado",
      minutes: h(10),
    });
  });
});
