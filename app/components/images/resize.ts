import { type ResizeOptions, resizeBox } from "~/lib/images";
import { unsharpMask } from "./sharpen";

/** 'Mi foto.final.jpg' → 'Mi foto.final'. */
export function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return (dot > 0 ? fileName.slice(0, dot) : fileName) || "imagen";
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
 * docs/product.md §5: resize in the browser to the kind's bounds (`browserResize(profile)`:
 * product 800x800 at 0.9 and sharpened, hero and banner 1920x1080 at 0.9, customer photos cut to
 * 300x300 at 0.8, the logo 640x200) with the same size calculation as the server (`resizeBox`),
 * and encode as WebP named 'resized-{base name}.webp'. Browsers that cannot encode WebP (Safari)
 * get a JPEG (a PNG for the logo, to keep its transparency) rather than the unresized original;
 * the server re-encodes to WebP anyway. A phone's HEIC is converted here when the browser can
 * open it (Safari). Throws with a Spanish reason when the image cannot be processed.
 */
export async function resizeImage(file: File, opts: ResizeOptions): Promise<File> {
  const bitmap = await decode(file);
  try {
    const { crop, width, height } = resizeBox(bitmap.width, bitmap.height, opts);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("el navegador no permite dibujar la imagen");
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(bitmap, crop.left, crop.top, crop.width, crop.height, 0, 0, width, height);
    if (opts.sharpen && width < crop.width) {
      const img = ctx.getImageData(0, 0, width, height);
      unsharpMask(img.data, width, height, 40, 0.5, 1);
      ctx.putImageData(img, 0, 0);
    }
    let blob = await toBlob(canvas, "image/webp", opts.quality);
    if (blob?.type !== "image/webp") blob = await toBlob(canvas, opts.fallbackType, opts.quality);
    if (!blob) throw new Error("el navegador no pudo codificar la imagen");
    const ext = EXTENSIONS[blob.type] ?? "webp";
    return new File([blob], `resized-${baseName(file.name)}.${ext}`, { type: blob.type });
  } finally {
    bitmap.close();
  }
}

const EXTENSIONS: Record<string, string> = { "image/webp": "webp", "image/jpeg": "jpg", "image/png": "png" };
