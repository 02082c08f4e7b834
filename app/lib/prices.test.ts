import { describe, expect, it } from "vitest";
import { centsToInput, formatPrice, parseUsd, struckPriceCents, unitPriceCents } from "./prices";

describe("prices", () => {
  it("parses dollar amounts as people type them", () => {
    expect(parseUsd("12.50")).toBe(1250);
    expect(parseUsd("12,5")).toBe(1250);
    expect(parseUsd(" $7 ")).toBe(700);
    expect(parseUsd("US$ 0.99")).toBe(99);
    for (const bad of ["", "doce", "-1", "1.999", "1e3", "12.50.1", "1234567"])
      expect(parseUsd(bad)).toBeNull();
  });

  it("formats and round-trips", () => {
    expect(formatPrice(1250)).toBe("$12.50");
    expect(formatPrice(123456)).toBe("$1,234.56");
    expect(centsToInput(1250)).toBe("12.50");
    expect(centsToInput(null)).toBe("");
  });

  it("uses the sale price only while on sale", () => {
    const p = { priceCents: 1000, salePriceCents: 800, isOnSale: true };
    expect([unitPriceCents(p), struckPriceCents(p)]).toEqual([800, 1000]);
    const off = { ...p, isOnSale: false };
    expect([unitPriceCents(off), struckPriceCents(off)]).toEqual([1000, null]);
    expect(unitPriceCents({ priceCents: null, salePriceCents: null, isOnSale: true })).toBeNull();
  });
});
