import { describe, expect, it } from "vitest";
import {
  colorName,
  contrastFieldErrors,
  contrastMessage,
  contrastProblems,
  contrastRatio,
  formatRatio,
  hslToHex,
  readColor,
} from "./colors";
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

describe("formatRatio", () => {
  it("rounds down to one decimal with a decimal comma, so a ratio below 4.5 never reads as 4,5", () => {
    expect(formatRatio(4.49)).toBe("4,4:1");
    expect(formatRatio(4.5)).toBe("4,5:1");
    expect(formatRatio(21)).toBe("21:1");
    expect(formatRatio(3.25)).toBe("3,2:1");
    expect(formatRatio(1)).toBe("1:1");
  });
});

describe("the colour a refused save marks", () => {
  it("names colours as people say them", () => {
    expect(["0 0% 100%", "0 0% 0%", "0 0% 70%", "0 0% 85%"].map(colorName)).toEqual([
      "blanco",
      "negro",
      "gris",
      "gris claro",
    ]);
    expect(["145 55% 45%", "220 30% 15%", "262 84% 78%", "0 74% 42%", "30 80% 25%"].map(colorName)).toEqual([
      "verde",
      "azul oscuro",
      "morado claro",
      "rojo",
      "marrón",
    ]);
  });

  it("says which two colours read badly and how badly, rounded down", () => {
    const [button] = contrastProblems({ ...DEFAULT_COLORS, primary: "145 55% 45%" }).filter(
      (p) => p.id === "primary-button",
    );
    expect(button && contrastMessage(button)).toBe(
      `El texto blanco de los botones sobre este verde se lee mal: contraste ${formatRatio(button?.ratio ?? 0)} (se recomienda al menos 4,5:1).`,
    );
  });

  it("marks the colour the problems share: a pale principal, a dark background, a dark accent", () => {
    const marks = (over: Partial<typeof DEFAULT_COLORS>) =>
      Object.keys(contrastFieldErrors(contrastProblems({ ...DEFAULT_COLORS, ...over }))).sort();
    expect(marks({ primary: "145 55% 45%" })).toEqual(["primary"]);
    expect(marks({ background: "220 30% 15%" })).toEqual(["background"]);
    expect(marks({ accent: "40 85% 30%" })).toEqual(["accent"]);
    expect(marks({ text: "0 0% 70%" })).toEqual(["text"]);
    expect(marks({})).toEqual([]);
    // Two problems on one colour are one message by that field, both said.
    const primary = contrastFieldErrors(
      contrastProblems({ ...DEFAULT_COLORS, primary: "145 55% 45%" }),
    ).primary;
    expect(primary).toMatch(
      /^Los enlaces y títulos en verde sobre el fondo blanco se leen mal: contraste \d/,
    );
    expect(primary).toContain("El texto blanco de los botones sobre este verde se lee mal");
  });
});
