import { browserResize } from "~/lib/images";
import { checkUpload, isHeic, type UploadKind, type UploadRefusal } from "~/lib/uploads";
import { resizeImage } from "./resize";

export type PreparedUpload =
  | {
      ok: true;
      /** The resized file, or the original when the browser could not resize it. */
      file: File;
      /** Why resizing failed ('No se pudo procesar la imagen: {reason}'), when it did. */
      resizeError?: string;
    }
  | { ok: false; refusal: UploadRefusal };

/**
 * Every picture's browser step, staff screens and chat alike (docs/product.md §5): check the
 * picked file against its kind's rules, then resize it to the kind's bounds (a phone's 8 MB photo
 * leaves as a few hundred kB at most). A phone's HEIC the browser cannot open is refused with the
 * way out, since the server cannot open it either; any other file that fails to resize goes as it
 * is, and the server's own check and re-encode still apply.
 */
export async function prepareUpload(file: File, kind: UploadKind): Promise<PreparedUpload> {
  const refusal = checkUpload(file, kind);
  if (refusal) return { ok: false, refusal };
  try {
    return { ok: true, file: await resizeImage(file, browserResize(kind)) };
  } catch (err) {
    if (isHeic(file)) return { ok: false, refusal: "heic" };
    const reason = err instanceof Error ? err.message : String(err);
    return { ok: true, file, resizeError: `No se pudo procesar la imagen: ${reason}` };
  }
}

/**
 * Puts the prepared file in place of the picked one in a file input, so a plain form post (the
 * banner, the logo) sends the small file; the original stays where the browser cannot do it.
 */
export function replaceInputFile(input: HTMLInputElement | null, file: File): void {
  if (!input) return;
  try {
    const list = new DataTransfer();
    list.items.add(file);
    input.files = list.files;
  } catch {
    // An old browser without a constructible DataTransfer: the server re-encodes the original.
  }
}
