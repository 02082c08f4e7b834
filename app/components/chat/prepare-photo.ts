import { resizeImage } from "~/components/images/resize";
import { browserResize } from "~/lib/images";
import { checkChatPhoto, HEIC_REFUSAL, isHeic, uploadRefusalDetail } from "~/lib/uploads";

/**
 * The browser's step for a chat photo, either side (docs/product.md §2.10, ADR 0013): check it, then resize it to the
 * chat's bounds as WebP (JPEG where WebP cannot be written). A phone's HEIC is converted here
 * when the browser can open it (Safari); otherwise it is refused with a way out, since the
 * server cannot decode HEIC. A JPEG/PNG/WebP the browser could not resize goes as it is.
 */
export async function prepareChatPhoto(
  file: File,
): Promise<{ ok: true; file: File } | { ok: false; error: string }> {
  const refusal = checkChatPhoto(file);
  if (refusal) return { ok: false, error: uploadRefusalDetail(refusal, "chat") };
  try {
    return { ok: true, file: await resizeImage(file, browserResize("chat")) };
  } catch {
    if (isHeic(file)) return { ok: false, error: HEIC_REFUSAL };
    return { ok: true, file };
  }
}

/** The picker's `accept`: the formats, and HEIC by extension for browsers that give it no type. */
export const CHAT_PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif";
