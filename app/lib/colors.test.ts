import { describe, expect, it } from "vitest";
import { contrastProblems, contrastRatio, hslToHex, readColor } from "./colors";
import { DEFAULT_COLORS } from "./site";

describe("readColor", () => {
  it("reads the five spellings people type and stores the HSL triplet", () => {
    for (const typed of [
      "#b91c1c",
      "b91c1c",
      "rgb(185, 28, 28)",
      "rgb(185 28 28)",
      "hsl(0 74% 42%)",
      "hsl(0, 74%, 42%)",
      "0 74% 42%",
      "  0   74%  42% ",
    ]) {
      expect(readColor(typed), typed).toEqual({ ok: true, hsl: "0 74% 42%" });
    }
    expect(readColor("tomato")).toEqual({ ok: true, hsl: "9 100% 64%" });
    expect(readColor("Red")).toEqual({ ok: true, hsl: "0 100% 50%" });
    expect(readColor("rojo")).toEqual({ ok: true, hsl: "0 100% 50%" });
    expect(readColor("Marrón")).toMatchObject({ ok: true });
  });

  it("keeps a stored triplet as it is", () => {
    for (const v of Object.values(DEFAULT_COLORS)) expect(readColor(v)).toEqual({ ok: true, hsl: v });
  });

  it("refuses what is not a colour, and transparent colours", () => {
    for (const bad of [
      "",
      "rojizo",
      "#b91c1",
      "#gggggg",
      "0 74 42",
      "hsl(0 74% )",
      "rgb(300, 0)",
      "x".repeat(70),
    ]) {
      expect(readColor(bad), bad).toEqual({ ok: false, reason: "unknown" });
    }
    expect(readColor("transparent")).toEqual({ ok: false, reason: "transparent" });
    expect(readColor("rgba(0, 0, 0, 0.5)")).toEqual({ ok: false, reason: "transparent" });
  });
});

describe("contrast", () => {
  it("measures WCAG ratios", () => {
    expect(contrastRatio("0 0% 100%", "0 0% 0%")).toBe(21);
    expect(hslToHex("0 74% 42%")).toBe("#ba1c1c");
  });

  it("finds nothing wrong with the default colours", () => {
    expect(contrastProblems(DEFAULT_COLORS)).toEqual([]);
  });

  it("names the pairs that fall below AA", () => {
    const problems = contrastProblems({ ...DEFAULT_COLORS, primary: "60 100% 50%", text: "0 0% 80%" });
    expect(problems.map((p) => p.id).sort()).toEqual(["accent-button", "links", "primary-button", "text"]);
    expect(problems[0]?.ratio).toBeLessThan(4.5);
  });
});
