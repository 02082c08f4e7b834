import { describe, expect, it } from "vitest";
import { browserResize, resizeBox } from "./images";

describe("the one size calculation of a resize, browser and server (issue 42)", () => {
  const customer = browserResize("customer");

  it("cuts a phone's 4000x3000 photo to the 300x300 customer square from the centre", () => {
    expect(resizeBox(4000, 3000, customer)).toEqual({
      crop: { left: 500, top: 0, width: 3000, height: 3000 },
      width: 300,
      height: 300,
    });
    // Upright (portrait): the cut is top and bottom.
    expect(resizeBox(3024, 4032, customer)).toEqual({
      crop: { left: 0, top: 504, width: 3024, height: 3024 },
      width: 300,
      height: 300,
    });
  });

  it("never enlarges: a small picture is only cut where it is larger than the square", () => {
    expect(resizeBox(200, 150, customer)).toEqual({
      crop: { left: 0, top: 0, width: 200, height: 150 },
      width: 200,
      height: 150,
    });
    expect(resizeBox(200, 400, customer)).toEqual({
      crop: { left: 0, top: 50, width: 200, height: 300 },
      width: 200,
      height: 300,
    });
  });

  it("keeps the whole picture inside the hero's 1920x1080", () => {
    expect(resizeBox(4000, 3000, browserResize("hero"))).toEqual({
      crop: { left: 0, top: 0, width: 4000, height: 3000 },
      width: 1440,
      height: 1080,
    });
    expect(resizeBox(1200, 800, browserResize("hero"))).toMatchObject({ width: 1200, height: 800 });
  });
});
