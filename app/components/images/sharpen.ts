/**
 * Unsharp mask on RGBA pixels, after pica's (docs/product.md §5: amount 40, radius 0.5, threshold 1):
 * the brightness (max of R, G, B) is blurred with a Gaussian of `radius`; where it differs
 * from the blur by at least `threshold`, the pixel's colour is scaled so its brightness moves
 * `amount` % further away from the blur. Pure, so it is unit-tested without a browser.
 */
export function unsharpMask(
  pixels: Uint8ClampedArray,
  width: number,
  height: number,
  amount: number,
  radius: number,
  threshold: number,
): void {
  if (amount <= 0 || radius < 0.5 || width === 0 || height === 0) return;
  const size = width * height;
  const brightness = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const o = i * 4;
    brightness[i] = Math.max(pixels[o] ?? 0, pixels[o + 1] ?? 0, pixels[o + 2] ?? 0);
  }
  const blurred = gaussianBlur(brightness, width, height, Math.min(radius, 2));
  const k = amount / 100;
  for (let i = 0; i < size; i++) {
    const v = brightness[i] ?? 0;
    const diff = v - (blurred[i] ?? 0);
    if (Math.abs(diff) < threshold) continue;
    const target = Math.min(255, Math.max(0, v + k * diff));
    const scale = target / (v || 1);
    const o = i * 4;
    pixels[o] = (pixels[o] ?? 0) * scale;
    pixels[o + 1] = (pixels[o + 1] ?? 0) * scale;
    pixels[o + 2] = (pixels[o + 2] ?? 0) * scale;
  }
}

/** Separable Gaussian blur with edge clamping. */
export function gaussianBlur(src: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const half = Math.max(1, Math.ceil(sigma * 3));
  const kernel: number[] = [];
  let sum = 0;
  for (let x = -half; x <= half; x++) {
    const w = Math.exp(-(x * x) / (2 * sigma * sigma));
    kernel.push(w);
    sum += w;
  }
  const weights = kernel.map((w) => w / sum);
  const pass = (input: Float32Array, horizontal: boolean) => {
    const out = new Float32Array(input.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let acc = 0;
        for (let k = -half; k <= half; k++) {
          const sx = horizontal ? Math.min(width - 1, Math.max(0, x + k)) : x;
          const sy = horizontal ? y : Math.min(height - 1, Math.max(0, y + k));
          acc += (input[sy * width + sx] ?? 0) * (weights[k + half] ?? 0);
        }
        out[y * width + x] = acc;
      }
    }
    return out;
  };
  return pass(pass(src, true), false);
}
