import { describe, expect, it } from "vitest";
import {
  BOX_SIZES,
  boxLabel,
  fitsIn,
  formatUsd,
  parseInches,
  personalShopTotal,
  smallestBoxFor,
} from "./shipping";

describe("box price list", () => {
  it("lists the six sizes and prices of the spec, smallest first", () => {
    expect(BOX_SIZES.map((b) => `${boxLabel(b)} ${formatUsd(b.price)}`)).toEqual([
      "20×20×20 $245",
      "22×22×22 $260",
      "24×24×24 $285",
      "36×22×22 $320",
      "24×24×36 $370",
      "41×28×24 $450",
    ]);
  });
});

describe("smallestBoxFor", () => {
  it("picks the smallest box the package fits in", () => {
    expect(smallestBoxFor([10, 10, 10])?.price).toBe(245);
    expect(smallestBoxFor([20, 20, 20])?.price).toBe(245);
    expect(smallestBoxFor([21, 5, 5])?.price).toBe(260);
    expect(smallestBoxFor([23.5, 23, 1])?.price).toBe(285);
  });

  it("turns the package to find a fit in any orientation", () => {
    // 30 inches long only fits along a 36 or 41 inch side.
    expect(smallestBoxFor([22, 30, 22])?.price).toBe(320);
    expect(smallestBoxFor([5, 5, 35])?.price).toBe(320);
    expect(smallestBoxFor([24, 30, 23])?.price).toBe(370);
    expect(smallestBoxFor([28, 40, 10])?.price).toBe(450);
  });

  it("returns null when no listed box is big enough", () => {
    expect(smallestBoxFor([42, 10, 10])).toBeNull();
    expect(smallestBoxFor([30, 30, 30])).toBeNull();
    expect(smallestBoxFor([29, 29, 24])).toBeNull();
  });

  it("does not depend on the order of the list it is given", () => {
    expect(smallestBoxFor([10, 10, 10], [...BOX_SIZES].reverse())?.price).toBe(245);
  });
});

describe("fitsIn", () => {
  it("compares sides largest to largest", () => {
    const box = { dims: [41, 28, 24] as const, price: 450 };
    expect(fitsIn([24, 41, 28], box)).toBe(true);
    expect(fitsIn([25, 25, 25], box)).toBe(false);
  });
});

describe("parseInches", () => {
  it("accepts positive numbers with a decimal point or comma", () => {
    expect(parseInches("12")).toBe(12);
    expect(parseInches(" 12.5 ")).toBe(12.5);
    expect(parseInches("12,5")).toBe(12.5);
  });

  it("refuses empty, zero, negative and non-numeric input", () => {
    for (const bad of ["", "  ", "0", "-3", "abc", "12 in", "1e3", "Infinity"]) {
      expect(parseInches(bad)).toBeNull();
    }
  });
});

describe("personalShopTotal", () => {
  it("adds the 15 % commission and $25 per pound", () => {
    expect(personalShopTotal(100, 2)).toEqual({ commission: 15, shipping: 50, total: 165 });
    expect(personalShopTotal(39.99, 1.5)).toEqual({ commission: 6, shipping: 37.5, total: 83.49 });
  });
});
