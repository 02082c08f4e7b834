import { describe, expect, it } from "vitest";
import { FALLBACK_FACES } from "./font-fallbacks";
import { FONT_FILES, HEADING_FONT, siteFontFaces, withFallbacks } from "./fonts";
import { SITE_FONTS } from "./site";

describe("siteFontFaces", () => {
  it("declares only the site's font and the headings' font, each weight it ships", () => {
    const css = siteFontFaces("Nunito");
    const families = new Set([...css.matchAll(/font-family:"([^"]+)"/g)].map((m) => m[1]));
    const fallbacks = (f: string) => [`${f} Fallback`, `${f} Fallback Roboto`];
    expect(families).toEqual(
      new Set(["Nunito", HEADING_FONT, ...fallbacks("Nunito"), ...fallbacks(HEADING_FONT)]),
    );
    expect(css.match(/src:url\(/g)).toHaveLength(6);
    // The first paint never waits for a web font (docs/decisions/0016-rendering-costs-and-fonts.md).
    expect(css.match(/font-display:optional/g)).toHaveLength(6);
    expect(css).not.toContain("font-display:swap");
    expect(siteFontFaces("Lato").match(/font-family:"Lato"/g)).toHaveLength(2); // Lato ships no 600
  });

  it("follows each family with local fonts scaled to its metrics, regular and bold", () => {
    expect(withFallbacks("Poppins")).toBe('"Poppins","Poppins Fallback","Poppins Fallback Roboto"');
    expect(withFallbacks("Georgia")).toBe('"Georgia"');
    for (const family of Object.keys(FONT_FILES)) {
      const css = FALLBACK_FACES[family] ?? "";
      expect(css.match(/@font-face/g), family).toHaveLength(4);
      expect(css).toMatch(/font-weight:600 900;src:local\("Arial Bold"\)/);
      expect(css).toMatch(/size-adjust:\d+\.\d+%;ascent-override:\d+\.\d+%/);
    }
  });

  it("the generated fallbacks are what scripts/font-fallbacks.mjs makes from the metrics", async () => {
    // @ts-expect-error: a plain .mjs script without types
    const { fallbackFaces } = await import("../../scripts/font-fallbacks.mjs");
    expect(FALLBACK_FACES).toEqual(await fallbackFaces());
  });

  it("has files for every font the settings offer", () => {
    for (const font of SITE_FONTS) expect(Object.keys(FONT_FILES[font] ?? {}).length).toBeGreaterThan(0);
  });
});
