import { describe, expect, it } from "vitest";
import {
  AUTO_OVERLAY_MAX,
  AUTO_OVERLAY_MIN,
  focalAfterStyle,
  heroObjectPosition,
  heroOverlayOpacity,
  heroSlideFrame,
  MEDIUM_OVERLAY,
  positionWordX,
  positionWordY,
  titleContrast,
} from "./hero-frame";

const lightness = Array.from({ length: 101 }, (_, i) => i);

describe("the hero overlay (docs/decisions/0030)", () => {
  it("'auto' darkens brighter pictures more, within 0.3 and 0.85", () => {
    const opacities = lightness.map((b) => heroOverlayOpacity("auto", b));
    for (const [i, o] of opacities.entries()) {
      expect(o).toBeGreaterThanOrEqual(AUTO_OVERLAY_MIN);
      expect(o).toBeLessThanOrEqual(AUTO_OVERLAY_MAX);
      if (i > 0) expect(o).toBeGreaterThanOrEqual(opacities[i - 1] ?? 0);
    }
    expect(heroOverlayOpacity("auto", 100)).toBe(0.85);
    expect(heroOverlayOpacity("auto", 0)).toBe(0.3);
    expect(heroOverlayOpacity("auto", 50)).toBe(0.53);
    expect(heroOverlayOpacity("auto", 70)).toBe(0.78);
  });

  it("keeps the white title readable over the picture's average: at least 5:1 for any lightness", () => {
    for (const b of lightness)
      expect(titleContrast(b, heroOverlayOpacity("auto", b))).toBeGreaterThanOrEqual(5);
    // A medium picture reaches the 7:1 the formula aims at; a white one 5.25:1 at the cap.
    expect(titleContrast(50, heroOverlayOpacity("auto", 50))).toBeCloseTo(7, 0);
    expect(titleContrast(100, 0.85)).toBeCloseTo(5.25, 2);
    // Without an overlay a white picture would leave the title unreadable.
    expect(titleContrast(100, 0)).toBe(1);
  });

  it("a picture never measured gets the spec's 0.5; the owner's choices are fixed", () => {
    expect(heroOverlayOpacity("auto", null)).toBe(MEDIUM_OVERLAY);
    expect(MEDIUM_OVERLAY).toBe(0.5);
    expect(["claro", "oscuro", "ninguno"].map((o) => heroOverlayOpacity(o as "claro", 100))).toEqual([
      0.3, 0.7, 0,
    ]);
  });
});

describe("the focal point", () => {
  it("is the picture's object-position on the landing, with its overlay", () => {
    expect(heroObjectPosition({ focalX: 95, focalY: 30 })).toBe("95% 30%");
    expect(heroSlideFrame({ focalX: 0, focalY: 100, overlay: "auto", brightness: null })).toEqual({
      position: "0% 100%",
      overlay: 0.5,
    });
  });

  it("reads as the nearest of card 2's coarse positions, which move it only when changed", () => {
    expect([0, 33, 34, 50, 66, 67, 100].map(positionWordX)).toEqual([
      "left",
      "left",
      "center",
      "center",
      "center",
      "right",
      "right",
    ]);
    expect([10, 50, 90].map(positionWordY)).toEqual(["top", "center", "bottom"]);
    const point = { focalX: 80, focalY: 40 };
    expect(focalAfterStyle(point, { object_position_x: "right", object_position_y: "center" })).toEqual(
      point,
    );
    expect(focalAfterStyle(point, { object_position_x: "center", object_position_y: "top" })).toEqual({
      focalX: 50,
      focalY: 0,
    });
  });
});
