import { describe, expect, it, vi } from "vitest";
import { DEFAULT_COLORS, isHslTriplet, mergeSiteSettings, mergeSiteText, SITE_TEXT_DEFAULTS } from "./site";

describe("site text", () => {
  it("merges stored values over the Spanish defaults", () => {
    const t = mergeSiteText({ heroTitle: "Hola", unknown: "x", contactPhone: 5 });
    expect(t.heroTitle).toBe("Hola");
    expect(t.contactPhone).toBe(SITE_TEXT_DEFAULTS.contactPhone);
    expect(t.businessHoursWeekday).toBe("9:00 AM - 6:00 PM");
    expect(t.businessHoursSaturday).toBe("10:00 AM - 2:00 PM");
    expect(t.businessHoursSunday).toBe("Cerrado");
    expect("unknown" in t).toBe(false);
  });
});

describe("site settings", () => {
  it("accepts HSL triplets only", () => {
    expect(isHslTriplet("142 60% 30%")).toBe(true);
    expect(isHslTriplet("145.5 55% 30.2%")).toBe(true);
    expect(isHslTriplet("#ff0000")).toBe(false);
    expect(isHslTriplet("142 60 30")).toBe(false);
    expect(isHslTriplet("hsl(142 60% 30%)")).toBe(false);
  });

  it("warns and uses the default for a bad colour", () => {
    const warn = vi.fn();
    const s = mergeSiteSettings({ colors: { primary: "red", accent: "10 20% 30%" } }, warn);
    expect(s.colors.primary).toBe(DEFAULT_COLORS.primary);
    expect(s.colors.accent).toBe("10 20% 30%");
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toContain("primary");
  });

  it("defaults logo size 50, font Poppins, and clamps bad values", () => {
    expect(mergeSiteSettings(null)).toMatchObject({ logoSize: 50, fontFamily: "Poppins" });
    expect(mergeSiteSettings({ logoSize: 500, fontFamily: "Comic Sans" })).toMatchObject({
      logoSize: 50,
      fontFamily: "Poppins",
    });
    expect(mergeSiteSettings({ logoSize: 80, fontFamily: "Montserrat" })).toMatchObject({
      logoSize: 80,
      fontFamily: "Montserrat",
    });
    expect(mergeSiteSettings({ logoPosition: { top: "10px", left: "url(x)" } }).logoPosition).toEqual({
      top: "10px",
      left: "0px",
    });
  });
});
