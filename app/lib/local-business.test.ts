import { describe, expect, it } from "vitest";
import { localBusinessJsonLd, parseHours, postalAddress } from "./local-business";
import { SITE_TEXT_DEFAULTS } from "./site";

describe("parseHours", () => {
  it("reads 12-hour and 24-hour ranges", () => {
    expect(parseHours("9:00 AM - 6:00 PM")).toEqual({ opens: "09:00", closes: "18:00" });
    expect(parseHours("10 a.m. - 2 p.m.")).toEqual({ opens: "10:00", closes: "14:00" });
    expect(parseHours("12:00 PM - 12:30 AM")).toEqual({ opens: "12:00", closes: "00:30" });
    expect(parseHours("08:30 - 17:00")).toEqual({ opens: "08:30", closes: "17:00" });
  });

  it("gives null for closed days and free text", () => {
    expect(parseHours("Cerrado")).toBeNull();
    expect(parseHours("Solo con cita")).toBeNull();
  });
});

describe("postalAddress", () => {
  it("splits a US address into its parts", () => {
    expect(postalAddress("1234 SW 8th St, Miami, FL 33135")).toMatchObject({
      streetAddress: "1234 SW 8th St",
      addressLocality: "Miami",
      addressRegion: "FL",
      postalCode: "33135",
    });
  });

  it("keeps any other address as one line", () => {
    expect(postalAddress("Calle Ocho y 12 Ave.")).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Calle Ocho y 12 Ave.",
      addressCountry: "US",
    });
  });
});

describe("localBusinessJsonLd", () => {
  it("describes the business with phone, address and the open days from site text", () => {
    const data = localBusinessJsonLd(SITE_TEXT_DEFAULTS, "Mini Market Latino", "https://tienda.example");
    expect(data).toMatchObject({
      "@type": ["LocalBusiness", "GroceryStore"],
      name: "Mini Market Latino",
      url: "https://tienda.example/",
      telephone: SITE_TEXT_DEFAULTS.contactPhone,
      email: SITE_TEXT_DEFAULTS.contactEmail,
    });
    // Sunday is 'Cerrado' by default: only weekdays and Saturday have hours.
    expect(data.openingHoursSpecification).toEqual([
      expect.objectContaining({ dayOfWeek: expect.arrayContaining(["Monday", "Friday"]), opens: "09:00" }),
      expect.objectContaining({ dayOfWeek: ["Saturday"], opens: "10:00", closes: "14:00" }),
    ]);
  });
});

describe("special dates in the structured data", () => {
  it("keeps the weekly hours and lists each special date, closed as 00:00–00:00", () => {
    const data = localBusinessJsonLd(
      SITE_TEXT_DEFAULTS,
      "Mini Market Latino",
      "https://tienda.example",
      undefined,
      [
        {
          id: "a",
          startsOn: "2026-12-24",
          endsOn: "2026-12-24",
          closed: false,
          opensAt: "09:00",
          closesAt: "14:00",
          reason: "Nochebuena",
        },
        {
          id: "b",
          startsOn: "2026-12-25",
          endsOn: "2026-12-26",
          closed: true,
          opensAt: null,
          closesAt: null,
          reason: "Navidad",
        },
      ],
    );
    expect(data.openingHoursSpecification).toHaveLength(2);
    expect(data.specialOpeningHoursSpecification).toEqual([
      expect.objectContaining({
        validFrom: "2026-12-24",
        validThrough: "2026-12-24",
        opens: "09:00",
        closes: "14:00",
      }),
      {
        "@type": "OpeningHoursSpecification",
        validFrom: "2026-12-25",
        validThrough: "2026-12-26",
        opens: "00:00",
        closes: "00:00",
        description: "Navidad",
      },
    ]);
    expect(localBusinessJsonLd(SITE_TEXT_DEFAULTS, "x", "https://t.example")).not.toHaveProperty(
      "specialOpeningHoursSpecification",
    );
  });
});
