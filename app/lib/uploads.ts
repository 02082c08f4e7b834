import { IMAGE_TOO_LARGE } from "./catalog";

/**
 * Why the server refused an uploaded picture (app/.server/storage/uploads.ts), and how the admin
 * reads it for each kind of picture, in the spec's words where it has them (docs/product.md §4.4).
 */
export const UPLOAD_REFUSAL_KINDS = [
  "empty",
  "too-large",
  "not-an-image",
  "svg",
  "format",
  "storage-unavailable",
  "no-public-url",
] as const;
export type UploadRefusal = (typeof UPLOAD_REFUSAL_KINDS)[number];

export function isUploadRefusal(reason: string): reason is UploadRefusal {
  return (UPLOAD_REFUSAL_KINDS as readonly string[]).includes(reason);
}

/** The refusals' details, before the prefix of each kind of picture. */
const DETAILS: Record<Exclude<UploadRefusal, "no-public-url">, string> = {
  empty: "El archivo está vacío.",
  "too-large": "La imagen es demasiado grande.",
  "not-an-image": "El archivo no es una imagen válida.",
  svg: "Las imágenes SVG no se aceptan. Usa una foto JPG, PNG o WebP.",
  format: "Formato de imagen no válido.",
  "storage-unavailable": "el almacenamiento de archivos no respondió.",
};

/** Product images (10 MB, any raster type). */
export const UPLOAD_REFUSALS: Record<UploadRefusal, string> = {
  ...prefixed("Error al subir imagen"),
  "too-large": IMAGE_TOO_LARGE,
  svg: "Error al subir imagen: Las imágenes SVG no se aceptan. Usa una foto JPG, PNG, WebP, GIF o AVIF.",
  "no-public-url": "No se pudo obtener la URL pública de la imagen.",
};

/** The logo (docs/product.md §3.2 'Apariencia'). */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
export const LOGO_REFUSALS: Record<UploadRefusal, string> = {
  ...prefixed("Error al subir logo"),
  "too-large": "Error al subir logo: La imagen es demasiado grande (máx 5MB).",
  "no-public-url": "No se pudo obtener la URL pública del logo.",
};

/** The banner: JPG, PNG or WebP up to 5 MB, with the spec's own messages (docs/product.md §3.5). */
export const MAX_BANNER_BYTES = 5 * 1024 * 1024;
export const BANNER_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const BANNER_FORMAT_INVALID = "Formato de imagen no válido. Use JPG, PNG o WebP.";
export const BANNER_TOO_LARGE = "La imagen es demasiado grande. Máximo 5MB.";
export const BANNER_REFUSALS: Record<UploadRefusal, string> = {
  ...prefixed("Error al subir banner"),
  format: BANNER_FORMAT_INVALID,
  svg: BANNER_FORMAT_INVALID,
  "too-large": BANNER_TOO_LARGE,
  "no-public-url": "No se pudo obtener la URL pública del banner.",
};

function prefixed(prefix: string): Record<UploadRefusal, string> {
  const out = {} as Record<UploadRefusal, string>;
  for (const [k, v] of Object.entries(DETAILS)) out[k as UploadRefusal] = `${prefix}: ${v}`;
  out["no-public-url"] = "No se pudo obtener la URL pública.";
  return out;
}
