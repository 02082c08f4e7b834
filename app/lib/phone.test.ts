import { describe, expect, it } from "vitest";
import { displayPhone, formatPhone, isPhoneCountry, parsePhone, telHref, waMeHref } from "./phone";

describe("parsePhone", () => {
  it("reads a local number in the chosen country and stores it in E.164", () => {
    expect(parsePhone("8765 4321", "NI")).toEqual({
      e164: "+50587654321",
      international: "+505 8765 4321",
      country: "NI",
    });
    expect(parsePhone("8888-7777", "CR")?.e164).toBe("+50688887777");
    expect(parsePhone("(305) 555-0134")?.e164).toBe("+13055550134");
  });

  it("keeps the number's own country code over the chosen country", () => {
    expect(parsePhone("+506 8888 7777", "US")?.e164).toBe("+50688887777");
    expect(parsePhone("+1 305 555 0134", "NI")?.country).toBe("US");
  });

  it("drops words around the digits ('Managua 8765 4321' is not wa.me/87654321)", () => {
    expect(parsePhone("Managua 8765 4321", "NI")?.e164).toBe("+50587654321");
    expect(parsePhone("Managua 8765 4321")).toBeNull();
  });

  it("refuses what is not a valid number", () => {
    for (const bad of ["", "   ", "123", "no tengo", "1".repeat(16), "8765 432", `${"9".repeat(70)}`]) {
      expect(parsePhone(bad, "NI"), bad).toBeNull();
    }
  });
});

describe("links", () => {
  it("builds wa.me and tel: links", () => {
    expect(waMeHref("+50587654321")).toBe("https://wa.me/50587654321");
    expect(waMeHref("+50587654321", "Hola ñ")).toBe("https://wa.me/50587654321?text=Hola%20%C3%B1");
    expect(telHref("+1 (305) 555-0100")).toBe("tel:+13055550100");
    expect(telHref(" 505 8888-1234 ")).toBe("tel:50588881234");
  });

  it("knows the countries customers can choose", () => {
    expect(isPhoneCountry("PA")).toBe(true);
    expect(isPhoneCountry("MX")).toBe(false);
  });
});

describe("one way to show a number", () => {
  it("shows the shop's country nationally and our customers' countries with their code, grouped alike", () => {
    expect(formatPhone("+13055550100")).toBe("(305) 555-0100");
    expect(formatPhone("+50681234567")).toBe("+506 8123 4567");
    expect(formatPhone("+50491234567")).toBe("+504 9123 4567");
    expect(formatPhone("+5072123456")).toBe("+507 212 3456");
    expect(formatPhone("305-CALL-NOW")).toBe("305-CALL-NOW");
    // Saved before numbers were stored in E.164.
    expect(formatPhone("+506 8123 4567")).toBe("+506 8123 4567");
    expect(formatPhone("+1 (786) 555-0199")).toBe("(786) 555-0199");
  });

  it("agrees with the staff screens' formatter, which also knows every other country", () => {
    for (const n of [
      "+13055550100",
      "+17865550123",
      "+50587654321",
      "+50622345678",
      "+50681234567",
      "+50251234567",
      "+50491234567",
      "+50370123456",
      "+50761234567",
      "+5072123456",
    ]) {
      expect(displayPhone(n), n).toBe(formatPhone(n));
    }
    expect(displayPhone("+34612345678")).toBe("+34 612 34 56 78");
  });
});
