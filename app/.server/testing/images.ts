import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

/**
 * A photo as a browser would send it (a File with a name and a type): one colour, or with
 * `grain` the detail of a real photograph (file sizes like a camera's).
 */
export async function testPhoto(
  opts: {
    width?: number;
    height?: number;
    format?: "jpeg" | "png" | "webp" | "gif";
    name?: string;
    grain?: boolean;
  } = {},
): Promise<File> {
  const { width = 1600, height = 1200, format = "jpeg" } = opts;
  const noise = opts.grain ? { noise: { type: "gaussian" as const, mean: 120, sigma: 45 } } : {};
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 }, ...noise },
  })
    .toFormat(format)
    .toBuffer();
  return new File([new Uint8Array(bytes)], opts.name ?? `foto.${format}`, { type: `image/${format}` });
}

/** The file a local-storage public URL ('/files/{bucket}/{key}') names under the storage root. */
export const storedPath = (root: string, url: string) => path.join(root, url.replace(/^\/files\//, ""));
export const isStored = (root: string, url: string) => fs.existsSync(storedPath(root, url));

/** Every stored file under a folder of the storage root (none when it does not exist). */
export function storedFiles(root: string, folder: string): string[] {
  const dir = path.join(root, folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/**
 * A small real WebP picture, a different one for each `seed`: what the storage holds (every upload
 * is re-encoded as WebP), so a backup of it restores (a restore refuses anything else).
 */
export function webpBytes(seed: number, size = 48): Promise<Buffer> {
  const channel = (k: number) => (seed * k) % 256;
  return sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: { r: channel(37), g: channel(91), b: channel(53) },
    },
  })
    .webp({ lossless: true })
    .toBuffer();
}
