import { describe, expect, it } from "vitest";
import { FONT_FILES, HEADING_FONT, siteFontFaces } from "./fonts";
import { SITE_FONTS } from "./site";

describe("siteFontFaces", () => {
  it("declares only the site's font and the headings' font, each weight it ships", () => {
    const css = siteFontFaces("Nunito");
    const families = new Set([...css.matchAll(/font-family:"([^"]+)"/g)].map((m) => m[1]));
    expect(families).toEqual(new Set(["Nunito", HEADING_FONT]));
    expect(css.match(/@font-face/g)).toHaveLength(6);
    expect(css).toContain("font-display:swap");
    expect(siteFontFaces("Lato").match(/font-family:"Lato"/g)).toHaveLength(2); // Lato ships no 600
  });

  it("has files for every font the settings offer", () => {
    for (const font of SITE_FONTS) expect(Object.keys(FONT_FILES[font] ?? {}).length).toBeGreaterThan(0);
  });
});
