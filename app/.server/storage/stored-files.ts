/*
 * What the storage holds: only pictures the site re-encoded itself as WebP (./images.ts, every
 * upload and the demo content). /files/ serves those and nothing else, and a restore refuses an
 * archive with anything else: a stored HTML or SVG file served from the site's own origin would run
 * its scripts as the site (third round of attacks, finding 6).
 */

/** The one type of file the storage holds, by the extension of its key. */
export const STORED_FILE_TYPES: Readonly<Record<string, string>> = { webp: "image/webp" };

/** The content type of a stored key, or null for a key no upload could have made. */
export function storedFileType(key: string): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? "";
  return Object.hasOwn(STORED_FILE_TYPES, ext) ? (STORED_FILE_TYPES[ext] ?? null) : null;
}

/** Whether `bytes` are a WebP file (RIFF container of type WEBP), as re-encoding makes them. */
export function isWebp(bytes: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  return bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP";
}

/** Headers of a stored picture served from our origin: its own type only, and nothing it could run. */
export const STORED_FILE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
} as const;
