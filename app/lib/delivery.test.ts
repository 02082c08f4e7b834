import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { defined } from "../test/defined";
import { addDays, formatDayRange, zonedDay } from "./dates";
import {
  DEFAULT_TRANSIT_DAYS,
  expectedDelivery,
  expectedDeliveryText,
  mergeTransitDays,
  type TransitDays,
} from "./delivery";

const order = (createdAt: Date | string, more: Partial<Parameters<typeof expectedDelivery>[0]> = {}) => ({
  createdAt,
  destination: "NI",
  expectedFrom: null,
  expectedTo: null,
  ...more,
});

describe("expected delivery with a fixed clock", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts the destination's days from the day the order came in, into the next month", () => {
    vi.setSystemTime(new Date("2026-11-23T15:00:00Z"));
    const received = new Date();
    const expected = expectedDelivery(order(received), DEFAULT_TRANSIT_DAYS);
    expect(expected).toEqual({ from: "2026-12-03", to: "2026-12-07" });
    expect(expectedDeliveryText(defined(expected, "expected window"))).toBe(
      "Entrega estimada: 3–7 de diciembre",
    );
  });

  it("spans two months when the window crosses the month's end", () => {
    vi.setSystemTime(new Date("2026-11-20T14:00:00Z"));
    const expected = expectedDelivery(order(new Date()), DEFAULT_TRANSIT_DAYS);
    expect(expected).toEqual({ from: "2026-11-30", to: "2026-12-04" });
    expect(expectedDeliveryText(defined(expected, "expected window"))).toBe(
      "Entrega estimada: 30 de noviembre – 4 de diciembre",
    );
  });

  it("takes the received day in Miami, not in UTC, late in the evening of the month's last day", () => {
    // 22:30 on 31 October in Miami is already 1 November in UTC.
    vi.setSystemTime(new Date("2026-11-01T02:30:00Z"));
    expect(zonedDay(new Date())).toBe("2026-10-31");
    expect(expectedDelivery(order(new Date()), { NI: { min: 1, max: 3 } })).toEqual({
      from: "2026-11-01",
      to: "2026-11-03",
    });
  });

  it("follows a changed default and has none for a destination without one", () => {
    vi.setSystemTime(new Date("2026-01-28T16:00:00Z"));
    const transit: TransitDays = mergeTransitDays({ NI: { min: 3, max: 5 }, CR: { min: 7, max: 9 } });
    expect(expectedDelivery(order(new Date()), transit)).toEqual({ from: "2026-01-31", to: "2026-02-02" });
    expect(expectedDelivery(order(new Date(), { destination: "CR" }), transit)).toEqual({
      from: "2026-02-04",
      to: "2026-02-06",
    });
    expect(expectedDelivery(order(new Date(), { destination: "GT" }), transit)).toBeNull();
    expect(expectedDelivery(order(new Date(), { destination: null }), transit)).toBeNull();
    // February 2028 has 29 days.
    expect(addDays("2028-02-27", 3)).toBe("2028-03-01");
  });

  it("uses the order's own days over the destination's, one of them being enough", () => {
    vi.setSystemTime(new Date("2026-11-23T15:00:00Z"));
    const own = expectedDelivery(
      order(new Date(), { expectedFrom: "2026-11-29", expectedTo: "2026-12-02" }),
      DEFAULT_TRANSIT_DAYS,
    );
    expect(own).toEqual({ from: "2026-11-29", to: "2026-12-02" });
    expect(expectedDeliveryText(defined(own, "expected window"))).toBe(
      "Entrega estimada: 29 de noviembre – 2 de diciembre",
    );
    const one = expectedDelivery(order(new Date(), { expectedTo: "2026-12-01" }), DEFAULT_TRANSIT_DAYS);
    expect(expectedDeliveryText(defined(one, "expected window"))).toBe("Entrega estimada: 1 de diciembre");
    // A destination without a default still shows the order's own days.
    const none = expectedDelivery(
      order(new Date(), { destination: null, expectedFrom: "2026-12-10" }),
      DEFAULT_TRANSIT_DAYS,
    );
    expect(none).toEqual({ from: "2026-12-10", to: "2026-12-10" });
  });

  it("names the years when the window crosses into the next one or is not this year's", () => {
    vi.setSystemTime(new Date("2026-12-22T15:00:00Z"));
    const expected = expectedDelivery(order(new Date()), DEFAULT_TRANSIT_DAYS);
    expect(expected).toEqual({ from: "2027-01-01", to: "2027-01-05" });
    expect(expectedDeliveryText(defined(expected, "expected window"))).toBe(
      "Entrega estimada: 1–5 de enero de 2027",
    );
    vi.setSystemTime(new Date("2026-12-20T15:00:00Z"));
    expect(
      expectedDeliveryText(
        defined(expectedDelivery(order(new Date()), DEFAULT_TRANSIT_DAYS), "expected window"),
      ),
    ).toBe("Entrega estimada: 30 de diciembre de 2026 – 3 de enero de 2027");
  });
});

describe("transit days settings", () => {
  it("keeps the defaults under what is stored and drops malformed values", () => {
    expect(mergeTransitDays(null)).toEqual({ NI: { min: 10, max: 14 } });
    expect(
      mergeTransitDays({
        CR: { min: 5, max: 8 },
        NI: null,
        GT: { min: 9, max: 3 },
        HN: { min: -1, max: 3 },
        SV: { min: 1, max: 500 },
        xx: { min: 1, max: 2 },
        PA: "7",
      }),
    ).toEqual({ NI: null, CR: { min: 5, max: 8 } });
  });

  it("formats a single day and a range inside one month", () => {
    const now = new Date("2026-05-01T12:00:00Z");
    expect(formatDayRange("2026-05-05", "2026-05-05", now)).toBe("5 de mayo");
    expect(formatDayRange("2026-05-05", "2026-05-09", now)).toBe("5–9 de mayo");
    expect(formatDayRange("2027-05-05", "2027-05-09", now)).toBe("5–9 de mayo de 2027");
  });
});
