import { describe, expect, it } from "vitest";
import { utcOffsetMinutes } from "./dates";
import { offlineNotice } from "./opening-hours";
import { differsFromShopClock, SHOP_CLOCK_NOTE } from "./shop-clock";

const WINTER = new Date("2026-01-15T15:00:00Z");
const SUMMER = new Date("2026-07-15T15:00:00Z");
const MIAMI = "America/New_York";

describe("'hora de Miami': whether a visitor's clock reads another hour than the shop's", () => {
  it("says so in Managua, all year (an hour behind in winter, two in summer)", () => {
    expect(differsFromShopClock("America/Managua", MIAMI, WINTER)).toBe(true);
    expect(differsFromShopClock("America/Managua", MIAMI, SUMMER)).toBe(true);
    expect(differsFromShopClock("America/Guatemala", MIAMI, WINTER)).toBe(true);
    expect(differsFromShopClock("Europe/Madrid", MIAMI, WINTER)).toBe(true);
  });

  it("does not in Miami, nor in another zone on the same clock such as Toronto", () => {
    for (const at of [WINTER, SUMMER]) {
      expect(differsFromShopClock(MIAMI, MIAMI, at)).toBe(false);
      expect(differsFromShopClock("America/Toronto", MIAMI, at)).toBe(false);
      expect(differsFromShopClock("America/Detroit", MIAMI, at)).toBe(false);
    }
  });

  it("follows daylight saving time: Panamá reads Miami's hour in winter, not in summer", () => {
    expect(differsFromShopClock("America/Panama", MIAMI, WINTER)).toBe(false);
    expect(differsFromShopClock("America/Panama", MIAMI, SUMMER)).toBe(true);
    // The week Europe has changed its clocks and the US has not yet: London is 4 hours ahead, not 5.
    const between = new Date("2026-10-28T15:00:00Z");
    expect([utcOffsetMinutes("Europe/London", between), utcOffsetMinutes(MIAMI, between)]).toEqual([0, -240]);
  });

  it("does not when the browser's zone is unknown (the server's render) or unreadable", () => {
    expect(differsFromShopClock(undefined, MIAMI, WINTER)).toBe(false);
    expect(differsFromShopClock(null, MIAMI, WINTER)).toBe(false);
    expect(differsFromShopClock("", MIAMI, WINTER)).toBe(false);
    expect(differsFromShopClock("Nada/Inventado", MIAMI, WINTER)).toBe(false);
  });

  it("takes the configured shop zone, Miami's by default", () => {
    expect(differsFromShopClock("America/Managua", undefined, WINTER)).toBe(true);
    expect(differsFromShopClock("America/Managua", "America/Managua", WINTER)).toBe(false);
  });

  it("puts the note right after the opening time in the widget's offline notice", () => {
    const next = { state: "opens", day: "hoy", minutes: 600 } as const;
    expect(offlineNotice(next, SHOP_CLOCK_NOTE)).toBe(
      "Abrimos hoy a las 10:00 AM (hora de Miami). Responderemos tu mensaje entonces.",
    );
    expect(offlineNotice(next)).toBe("Abrimos hoy a las 10:00 AM. Responderemos tu mensaje entonces.");
    expect(
      offlineNotice({ ...next, closedToday: "Navidad", day: "mañana", minutes: 540 }, SHOP_CLOCK_NOTE),
    ).toBe(
      "Hoy estamos cerrados (Navidad). Abrimos mañana a las 9:00 AM (hora de Miami). Responderemos tu mensaje entonces.",
    );
  });
});
