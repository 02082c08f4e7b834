import { prepareUpload } from "~/components/images/prepare";
import { uploadRefusalDetail } from "~/lib/uploads";

/**
 * The browser's step for a chat photo, either side (docs/product.md §2.10, ADR 0013): the one
 * preparation of every upload (`prepareUpload`: checked, resized to the chat's bounds as WebP or
 * JPEG, a phone's HEIC converted where the browser can open it, else refused with a way out). A
 * JPEG/PNG/WebP the browser could not resize goes as it is.
 */
export async function prepareChatPhoto(
  file: File,
): Promise<{ ok: true; file: File } | { ok: false; error: string }> {
  const prepared = await prepareUpload(file, "chat");
  if (!prepared.ok) return { ok: false, error: uploadRefusalDetail(prepared.refusal, "chat") };
  return { ok: true, file: prepared.file };
}

/** The picker's `accept`: the formats, and HEIC by extension for browsers that give it no type. */
export const CHAT_PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif";
