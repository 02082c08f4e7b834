import type { ResizeOptions } from "~/lib/images";
import { unsharpMask } from "./sharpen";

/** 'Mi foto.final.jpg' → 'Mi foto.final'. */
export function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return (dot > 0 ? fileName.slice(0, dot) : fileName) || "imagen";
}

/** The size that fits inside the bounds, keeping the aspect ratio and never enlarging. */
export function fitInside(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function decode(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file);
  } catch {
    throw new Error("el navegador no pudo leer el archivo como imagen");
  }
}

const toBlob = (canvas: HTMLCanvasElement, type: string, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/**
 * docs/product.md §5: resize in the browser to fit the bounds (`browserResize(profile)`: product
 * 800x800 at 0.9 and sharpened, hero 1920x1080 at 0.9, customer photos 300x300 at 0.8) and
 * encode as WebP named 'resized-{base name}.webp'. Browsers that cannot encode WebP (older
 * Safari) get a JPEG at the same quality rather than the unresized original; the server
 * re-encodes to WebP anyway. Throws with a Spanish reason when the image cannot be processed.
 */
export async function resizeImage(file: File, opts: ResizeOptions): Promise<File> {
  const bitmap = await decode(file);
  try {
    const { width, height } = fitInside(bitmap.width, bitmap.height, opts.maxWidth, opts.maxHeight);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("el navegador no permite dibujar la imagen");
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(bitmap, 0, 0, width, height);
    if (opts.sharpen && width < bitmap.width) {
      const img = ctx.getImageData(0, 0, width, height);
      unsharpMask(img.data, width, height, 40, 0.5, 1);
      ctx.putImageData(img, 0, 0);
    }
    let blob = await toBlob(canvas, "image/webp", opts.quality);
    let ext = "webp";
    if (blob?.type !== "image/webp") {
      blob = await toBlob(canvas, "image/jpeg", opts.quality);
      ext = "jpg";
    }
    if (!blob) throw new Error("el navegador no pudo codificar la imagen");
    return new File([blob], `resized-${baseName(file.name)}.${ext}`, { type: blob.type });
  } finally {
    bitmap.close();
  }
}
