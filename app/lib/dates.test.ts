import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { es } from "date-fns/locale";
import { describe, expect, it } from "vitest";
import { defined } from "../test/defined";
import {
  dayStart,
  formatDateTime,
  formatMessageTime,
  formatRelative,
  formatShortTime,
  utcOffsetMinutes,
} from "./dates";

describe("formatDateTime", () => {
  it("formats in Spanish as dd MMM yyyy, HH:mm in the shop's time zone", () => {
    // 18:30 UTC on 5 March 2026 is 13:30 in Miami (EST, UTC-5).
    expect(formatDateTime("2026-03-05T18:30:00Z")).toBe("05 mar 2026, 13:30");
  });

  it("follows daylight saving time", () => {
    // July: EDT, UTC-4.
    expect(formatDateTime(new Date("2026-07-01T12:00:00Z"))).toBe("01 jul 2026, 08:00");
  });

  it("honours another configured zone", () => {
    expect(formatDateTime("2026-03-05T18:30:00Z", "America/Managua")).toBe("05 mar 2026, 12:30");
  });

  it("returns an empty string for a missing or invalid date", () => {
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });
});

describe("formatRelative", () => {
  const now = new Date("2026-03-05T18:30:00Z");

  it("reads 'hace …' in Spanish", () => {
    expect(formatRelative("2026-03-05T18:25:00Z", now)).toBe("hace 5 minutos");
    expect(formatRelative("2026-03-05T16:30:00Z", now)).toBe("hace 2 horas");
    expect(formatRelative("2026-03-02T18:30:00Z", now)).toBe("hace 3 días");
  });

  it("falls back to 'hace un momento' for an invalid date and for the last minute", () => {
    expect(formatRelative("garbage", now)).toBe("hace un momento");
    expect(formatRelative(undefined, now)).toBe("hace un momento");
    expect(formatRelative("2026-03-05T18:29:40Z", now)).toBe("hace un momento");
  });
});

describe("dayStart", () => {
  it("gives the start of a day in the shop's time zone, or of the next day, and refuses non-days", () => {
    expect(dayStart("2026-11-23")?.toISOString()).toBe("2026-11-23T05:00:00.000Z");
    expect(dayStart("2026-07-04")?.toISOString()).toBe("2026-07-04T04:00:00.000Z");
    expect(dayStart("2026-12-31", undefined, true)?.toISOString()).toBe("2027-01-01T05:00:00.000Z");
    expect(dayStart("2026-02-31")).toBeNull();
    expect(dayStart("ayer")).toBeNull();
  });
});

describe("utcOffsetMinutes", () => {
  it("reads the UTC offset of a zone at a moment, daylight saving time included", () => {
    const winter = new Date("2026-01-15T15:00:00Z");
    const summer = new Date("2026-07-15T15:00:00Z");
    expect(utcOffsetMinutes("America/New_York", winter)).toBe(-300);
    expect(utcOffsetMinutes("America/New_York", summer)).toBe(-240);
    expect(utcOffsetMinutes("America/Managua", summer)).toBe(-360);
    expect(utcOffsetMinutes("Asia/Kolkata", winter)).toBe(330);
    expect(() => utcOffsetMinutes("Nada/Inventado", winter)).toThrow(RangeError);
  });
});

describe("formatMessageTime (chat)", () => {
  const now = new Date("2026-11-24T03:00:00Z"); // 22:00 on 23 Nov in Miami
  it("shows only the time for today in Miami, even when UTC is already tomorrow", () => {
    expect(formatMessageTime("2026-11-24T02:30:00Z", undefined, now)).toBe("21:30");
    expect(formatMessageTime("2026-11-23T14:05:00Z", undefined, now)).toBe("09:05");
  });
  it("adds the day for older messages, and the year for other years", () => {
    expect(formatMessageTime("2026-11-23T04:00:00Z", undefined, now)).toBe("22 nov, 23:00");
    expect(formatMessageTime("2025-12-31T15:00:00Z", undefined, now)).toBe("31 dic 2025, 10:00");
    expect(formatMessageTime(null)).toBe("");
  });
});

describe("formatShortTime", () => {
  const now = new Date("2026-03-05T18:30:00Z"); // 13:30 in Miami
  it("shows the time today, the day this year, the year before, in Miami time", () => {
    expect(formatShortTime("2026-03-05T14:05:00Z", now)).toBe("09:05");
    // 02:00 UTC on the 5th is still the 4th in Miami.
    expect(formatShortTime("2026-03-05T02:00:00Z", now)).toBe("04 mar");
    expect(formatShortTime("2025-12-31T12:00:00Z", now)).toBe("31 dic 2025");
    expect(formatShortTime(null, now)).toBe("");
  });
});

describe("formatRelative, every unit", () => {
  const now = new Date("2026-03-05T18:30:00Z");
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  it("uses whole units, rounded down, singular for one", () => {
    expect(formatRelative(ago(1), now)).toBe("hace 1 minuto");
    expect(formatRelative(ago(59.9), now)).toBe("hace 59 minutos");
    expect(formatRelative(ago(60), now)).toBe("hace 1 hora");
    expect(formatRelative(ago(1439), now)).toBe("hace 23 horas");
    expect(formatRelative(ago(1440), now)).toBe("hace 1 día");
    expect(formatRelative(ago(29 * 1440), now)).toBe("hace 29 días");
    expect(formatRelative(ago(30 * 1440), now)).toBe("hace 1 mes");
    expect(formatRelative(ago(200 * 1440), now)).toBe("hace 6 meses");
    expect(formatRelative(ago(364 * 1440), now)).toBe("hace 1 año");
    expect(formatRelative(ago(800 * 1440), now)).toBe("hace 2 años");
  });
  it("reads a date in the future as a moment ago (clock skew)", () => {
    expect(formatRelative(new Date(now.getTime() + 3_600_000), now)).toBe("hace un momento");
  });
});

describe("dates across daylight saving changes in Miami", () => {
  it("starts days on both sides of the spring and autumn changes at local midnight", () => {
    expect(dayStart("2026-03-08")?.toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(dayStart("2026-03-08", undefined, true)?.toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(dayStart("2026-11-01")?.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(dayStart("2026-11-01", undefined, true)?.toISOString()).toBe("2026-11-02T05:00:00.000Z");
  });
  it("formats the hours around a change with the offset in force", () => {
    expect(formatDateTime("2026-03-08T06:59:00Z")).toBe("08 mar 2026, 01:59");
    expect(formatDateTime("2026-03-08T07:00:00Z")).toBe("08 mar 2026, 03:00");
    expect(formatDateTime("2026-11-01T05:30:00Z")).toBe("01 nov 2026, 01:30");
    expect(formatDateTime("2026-11-01T06:30:00Z")).toBe("01 nov 2026, 01:30");
    expect(formatDateTime("2026-01-01T04:59:00Z")).toBe("31 dic 2025, 23:59");
  });
  it("writes midnight as 00, never 24", () => {
    expect(formatMessageTime("2026-03-06T05:00:00Z", undefined, new Date("2026-03-06T06:00:00Z"))).toBe(
      "00:00",
    );
  });
});

describe("the formatters write what date-fns writes", () => {
  // The formatters read the zone's wall clock through one cached Intl formatter; date-fns with a
  // TZDate is the reference they replaced (a development dependency, kept for this test only). Instants from 1990 to 2060, DST changes included.
  const zones = ["America/New_York", "America/Managua", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"];
  const instants = Array.from({ length: 400 }, (_, i) => {
    const t = Date.UTC(1990, 0, 1) + ((i * 7_919_993_117) % (70 * 365 * 86_400_000));
    return new Date(t - (t % 60_000) + (i % 5) * 17_000);
  });
  instants.push(new Date("2026-03-08T06:59:00Z"), new Date("2026-03-08T07:00:00Z"));
  instants.push(new Date("2026-11-01T05:59:00Z"), new Date("2026-11-01T06:00:00Z"));
  const ref = (d: Date, zone: string, pattern: string) =>
    format(new TZDate(d, zone), pattern, { locale: es });

  it("formatDateTime, formatShortTime and formatMessageTime", () => {
    for (const zone of zones) {
      for (const [k, d] of instants.entries()) {
        const now = defined(instants[(k * 13) % instants.length], "instant");
        expect(formatDateTime(d, zone)).toBe(ref(d, zone, "dd MMM yyyy, HH:mm"));
        const day = ref(d, zone, "yyyy-MM-dd") === ref(now, zone, "yyyy-MM-dd");
        const year = ref(d, zone, "yyyy") === ref(now, zone, "yyyy");
        expect(formatShortTime(d, now, zone)).toBe(
          ref(d, zone, day ? "HH:mm" : year ? "dd MMM" : "dd MMM yyyy"),
        );
        expect(formatShortTime(d, d, zone)).toBe(ref(d, zone, "HH:mm"));
        expect(formatMessageTime(d, zone, now)).toBe(
          ref(d, zone, day ? "HH:mm" : year ? "dd MMM, HH:mm" : "dd MMM yyyy, HH:mm"),
        );
      }
    }
  });
});
