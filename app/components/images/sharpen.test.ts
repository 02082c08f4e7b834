import { describe, expect, it } from "vitest";
import { resizeBox } from "~/lib/images";
import { baseName } from "./resize";
import { gaussianBlur, unsharpMask } from "./sharpen";

const gray = (values: number[]) => {
  const px = new Uint8ClampedArray(values.length * 4);
  values.forEach((v, i) => {
    px.set([v, v, v, 255], i * 4);
  });
  return px;
};

describe("browser resize helpers (docs/product.md §5)", () => {
  it("fits inside 800x800 keeping the aspect ratio, never enlarging", () => {
    const inside = (w: number, h: number) => {
      const { width, height } = resizeBox(w, h, { maxWidth: 800, maxHeight: 800 });
      return { width, height };
    };
    expect(inside(4000, 3000)).toEqual({ width: 800, height: 600 });
    expect(inside(1000, 2000)).toEqual({ width: 400, height: 800 });
    expect(inside(300, 200)).toEqual({ width: 300, height: 200 });
  });

  it("names the output after the original's base name", () => {
    expect(`resized-${baseName("Foto del pan.final.JPG")}.webp`).toBe("resized-Foto del pan.final.webp");
    expect(baseName(".png")).toBe(".png");
    expect(baseName("sin-extension")).toBe("sin-extension");
  });
});

describe("unsharp mask (amount 40, radius 0.5, threshold 1)", () => {
  it("leaves flat areas alone", () => {
    const px = gray(Array(25).fill(120));
    unsharpMask(px, 5, 5, 40, 0.5, 1);
    expect([...px.filter((_, i) => i % 4 === 0)]).toEqual(Array(25).fill(120));
  });

  it("raises the contrast across an edge and keeps alpha", () => {
    const row = [50, 50, 50, 200, 200, 200];
    const px = gray([...row, ...row, ...row]);
    unsharpMask(px, 6, 3, 40, 0.5, 1);
    const mid = (x: number) => px[(6 + x) * 4] ?? 0;
    expect(mid(2)).toBeLessThan(50);
    expect(mid(3)).toBeGreaterThan(200);
    expect(mid(0)).toBe(50);
    expect(px[3]).toBe(255);
  });

  it("blurs with weights that sum to one", () => {
    const out = gaussianBlur(new Float32Array([0, 0, 90, 0, 0]), 5, 1, 0.5);
    expect(out.reduce((a, b) => a + b, 0)).toBeCloseTo(90, 3);
    expect(out[2]).toBeLessThan(90);
  });
});
