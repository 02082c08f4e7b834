import { browserResize } from "~/lib/images";
import { checkUpload, type UploadKind, type UploadRefusal } from "~/lib/uploads";
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
 * Every admin upload's browser step (docs/product.md §5): check the picked file against its
 * kind's rules, then resize it to the kind's bounds. If resizing fails the original goes as it
 * is and the server's own check and re-encode still apply.
 */
export async function prepareUpload(file: File, kind: UploadKind): Promise<PreparedUpload> {
  const refusal = checkUpload(file, kind);
  if (refusal) return { ok: false, refusal };
  try {
    return { ok: true, file: await resizeImage(file, browserResize(kind)) };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { ok: true, file, resizeError: `No se pudo procesar la imagen: ${reason}` };
  }
}
