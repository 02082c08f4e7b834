import { describe, expect, it } from "vitest";
import { guessPhoneCountry } from "./phone-country";

describe("the country a visitor's number defaults to", () => {
  it("follows the browser's time zone first: Managua is Nicaragua", () => {
    expect(guessPhoneCountry("America/Managua", ["en-US"])).toBe("NI");
    expect(guessPhoneCountry("America/Costa_Rica", [])).toBe("CR");
    expect(guessPhoneCountry("America/Tegucigalpa", [])).toBe("HN");
  });

  it("else the region of the browser's languages", () => {
    expect(guessPhoneCountry("Europe/Madrid", ["es-GT", "es"])).toBe("GT");
    expect(guessPhoneCountry(undefined, ["es-SV"])).toBe("SV");
  });

  it("else the United States", () => {
    expect(guessPhoneCountry("America/New_York", ["es"])).toBe("US");
    expect(guessPhoneCountry("Europe/Madrid", ["es-ES"])).toBe("US");
  });
});
