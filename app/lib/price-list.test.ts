import { describe, expect, it } from "vitest";
import {
  DEFAULT_PRICE_LIST,
  dimsLabel,
  fitsIn,
  formatPercent,
  inchesToCm,
  mergePriceList,
  parseInches,
  personalShopTotal,
  smallestBoxFor,
} from "./price-list";
import { formatDollars } from "./prices";

const boxes = DEFAULT_PRICE_LIST.boxes;
const priceOf = (pkg: [number, number, number]) => smallestBoxFor(pkg, boxes)?.priceCents ?? null;

describe("the default price list", () => {
  it("lists the six sizes and prices of the spec, smallest first, 15 % and $25 per pound", () => {
    expect(boxes.map((b) => `${dimsLabel(b.inches)} ${formatDollars(b.priceCents)}`)).toEqual([
      "20×20×20 $245",
      "22×22×22 $260",
      "24×24×24 $285",
      "36×22×22 $320",
      "24×24×36 $370",
      "41×28×24 $450",
    ]);
    expect(formatPercent(DEFAULT_PRICE_LIST.commissionBasisPoints)).toBe("15%");
    expect(formatDollars(DEFAULT_PRICE_LIST.pricePerPoundCents)).toBe("$25");
  });

  it("gives each box its measurements in centimetres", () => {
    expect(boxes[0]?.cm).toEqual([51, 51, 51]);
    expect(inchesToCm(41)).toBe(104);
  });
});

describe("mergePriceList", () => {
  it("keeps well-formed boxes in the stored order and drops the rest", () => {
    const list = mergePriceList({
      boxes: [
        { id: "b", name: " Grande ", inches: [30, 30, 30], cm: [76, 76, 76], priceCents: 39900 },
        { id: "bad", inches: [30, 30], priceCents: 100 },
        { id: "neg", inches: [10, 10, 10], priceCents: -1 },
        { id: "a", name: "", inches: [10, 10, 10], priceCents: 10000 },
      ],
      commissionBasisPoints: 1250,
      pricePerPoundCents: 2750,
    });
    expect(list.boxes.map((b) => [b.id, b.name])).toEqual([
      ["b", "Grande"],
      ["a", ""],
    ]);
    expect(list.boxes[1]?.cm).toEqual([25.5, 25.5, 25.5]);
    expect(formatPercent(list.commissionBasisPoints)).toBe("12,5%");
    expect(formatDollars(list.pricePerPoundCents)).toBe("$27.50");
  });

  it("falls back to the defaults for nothing stored or nonsense", () => {
    expect(mergePriceList(null)).toEqual(DEFAULT_PRICE_LIST);
    expect(mergePriceList({ boxes: [], commissionBasisPoints: "x", pricePerPoundCents: 1e12 })).toEqual(
      DEFAULT_PRICE_LIST,
    );
  });
});

describe("smallestBoxFor", () => {
  it("picks the smallest box the package fits in", () => {
    expect(priceOf([10, 10, 10])).toBe(24500);
    expect(priceOf([20, 20, 20])).toBe(24500);
    expect(priceOf([21, 5, 5])).toBe(26000);
    expect(priceOf([23.5, 23, 1])).toBe(28500);
  });

  it("turns the package to find a fit in any orientation", () => {
    expect(priceOf([22, 30, 22])).toBe(32000);
    expect(priceOf([5, 5, 35])).toBe(32000);
    expect(priceOf([24, 30, 23])).toBe(37000);
    expect(priceOf([28, 40, 10])).toBe(45000);
  });

  it("returns null when no listed box is big enough", () => {
    expect(priceOf([42, 10, 10])).toBeNull();
    expect(priceOf([30, 30, 30])).toBeNull();
  });

  it("does not depend on the order of the list it is given", () => {
    expect(smallestBoxFor([10, 10, 10], [...boxes].reverse())?.priceCents).toBe(24500);
  });

  it("compares sides largest to largest", () => {
    const box: { inches: [number, number, number] } = { inches: [41, 28, 24] };
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
  it("adds the commission and the price per pound, in cents", () => {
    expect(personalShopTotal(DEFAULT_PRICE_LIST, 10000, 2)).toEqual({
      commission: 1500,
      shipping: 5000,
      total: 16500,
    });
    expect(personalShopTotal(DEFAULT_PRICE_LIST, 3999, 1.5)).toEqual({
      commission: 600,
      shipping: 3750,
      total: 8349,
    });
  });
});
