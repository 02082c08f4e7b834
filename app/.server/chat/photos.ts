import { randomUUID } from "node:crypto";
import type { FileDeps } from "../deps";
import { removeStoredImage } from "../storage/images";
import { SITE_ASSETS } from "../storage/storage";
import { storeUpload } from "../storage/uploads";

/** What storing and dropping a chat photo takes (a visitor's message may come without them). */
export type PhotoDeps = Pick<FileDeps, "storage" | "logger">;

/**
 * A chat photo, either way (ADR 0013): checked and re-encoded as WebP through the one upload
 * path (app/.server/storage/uploads.ts, kind 'chat'), stored under an unguessable key. Throws
 * UploadError with the refusal's reason. Returns the public URL.
 */
export async function storeChatPhoto(deps: PhotoDeps, file: Blob, now = new Date()): Promise<string> {
  const month = now.toISOString().slice(0, 7);
  return storeUpload(deps, file, {
    kind: "chat",
    bucket: SITE_ASSETS,
    key: `chat/${month}/${randomUUID()}.webp`,
  });
}

/** A photo whose message was not stored after all (a failed or duplicate insert) goes again. */
export async function dropChatPhoto(deps: PhotoDeps, url: string | null): Promise<void> {
  if (url) await removeStoredImage(deps.storage, SITE_ASSETS, url, deps.logger);
}
