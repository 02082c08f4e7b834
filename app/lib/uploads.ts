import { IMAGE_TOO_LARGE } from "./catalog";

/** Why the server refused an uploaded image, and how the admin reads it (docs/product.md §4.4). */
export const UPLOAD_REFUSALS = {
  empty: "Error al subir imagen: El archivo está vacío.",
  "too-large": IMAGE_TOO_LARGE,
  "not-an-image": "Error al subir imagen: El archivo no es una imagen válida.",
  damaged: "Error al subir imagen: La imagen está dañada o incompleta. Vuelve a guardarla o elige otra.",
  svg: "Error al subir imagen: Las imágenes SVG no se aceptan. Usa una foto JPG, PNG, WebP, GIF o AVIF.",
  "storage-unavailable": "Error al subir imagen: el almacenamiento de archivos no respondió.",
  "no-public-url": "No se pudo obtener la URL pública de la imagen.",
} as const;

export type UploadRefusal = keyof typeof UPLOAD_REFUSALS;

export function isUploadRefusal(reason: string): reason is UploadRefusal {
  return Object.hasOwn(UPLOAD_REFUSALS, reason);
}
