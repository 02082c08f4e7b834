import sharp from "sharp";
import type { Logger } from "../logger";

/**
 * How light a hero picture is, 0 (black) to 100 (white): the mean of its pixels' luma (Rec. 709
 * weights over sRGB, as `sharp().stats()` gives each channel's mean). Measured once at upload on
 * a 64 px copy (as good for a mean, and cheap); the landing's 'auto' overlay follows it
 * (`heroOverlayOpacity`, app/lib/hero-frame.ts). A transparent picture is read over black.
 */
export async function measureBrightness(input: Buffer | Blob): Promise<number> {
  const buffer = input instanceof Blob ? Buffer.from(await input.arrayBuffer()) : input;
  const small = await sharp(buffer)
    .rotate()
    .resize(64, 64, { fit: "inside" })
    .flatten({ background: "#000000" })
    .toColourspace("srgb")
    .png()
    .toBuffer();
  const { channels } = await sharp(small).stats();
  const mean = (i: number) => channels[Math.min(i, channels.length - 1)]?.mean ?? 0;
  const luma = 0.2126 * mean(0) + 0.7152 * mean(1) + 0.0722 * mean(2);
  return Math.min(100, Math.max(0, Math.round((luma / 255) * 100)));
}

/** `measureBrightness`, or null (read as medium) when it fails: the upload must not fail for it. */
export async function brightnessOrNull(input: Buffer | Blob, logger: Logger): Promise<number | null> {
  try {
    return await measureBrightness(input);
  } catch (err) {
    logger.warn({ err }, "hero image brightness not measured: the landing uses the medium overlay");
    return null;
  }
}
