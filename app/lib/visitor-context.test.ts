import { describe, expect, it } from "vitest";
import { guessCountry, languageNames, visitorLocalTime, zoneCity } from "./visitor-context";

describe("the visitor's context in words", () => {
  it("tells the visitor's wall clock with the city of their time zone", () => {
    // 16:42 UTC is 10:42 in Managua (UTC-6, no daylight saving time).
    expect(visitorLocalTime("America/Managua", new Date("2026-11-28T16:42:00Z"))).toBe(
      "10:42 a. m. (Managua)",
    );
    expect(visitorLocalTime("America/Costa_Rica", new Date("2026-11-28T18:05:00Z"))).toBe(
      "12:05 p. m. (Costa Rica)",
    );
    expect(visitorLocalTime("America/New_York", new Date("2026-11-28T05:00:00Z"))).toBe(
      "12:00 a. m. (New York)",
    );
    expect(visitorLocalTime("Nowhere/Else", new Date())).toBeNull();
    expect(visitorLocalTime(undefined)).toBeNull();
    expect(zoneCity("America/Argentina/Buenos_Aires")).toBe("Buenos Aires");
  });

  it("names the browser's languages in Spanish, each once", () => {
    expect(languageNames(["es-NI", "es"])).toBe("Español");
    expect(languageNames(["en-US", "es-419"])).toBe("Inglés, Español");
    expect(languageNames([])).toBeNull();
    expect(languageNames(undefined)).toBeNull();
  });

  it("guesses the country from the time zone, then the phone, then the languages; never the address", () => {
    expect(guessCountry({ timeZone: "America/Managua", languages: ["en-US"] })).toEqual({
      name: "Nicaragua",
      basis: "timeZone",
    });
    expect(guessCountry({ timeZone: "Europe/Madrid" })).toEqual({ name: "España", basis: "timeZone" });
    expect(guessCountry({ timeZone: "Asia/Tokyo", phone: "+50688887777", languages: ["es-GT"] })).toEqual({
      name: "Costa Rica",
      basis: "phone",
    });
    expect(guessCountry({ languages: ["es", "es-HN"] })).toEqual({ name: "Honduras", basis: "language" });
    expect(guessCountry({ timeZone: "Asia/Tokyo", languages: ["es"] })).toBeNull();
  });
});
