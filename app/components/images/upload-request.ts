import { href } from "react-router";
import type { FormReply } from "~/lib/forms";
import { errorToast, type ToastMessage } from "~/lib/toast";

/** Where every image screen sends its files (app/routes/admin/uploads.ts). */
export const UPLOADS_URL = href("/admin/uploads");

export type UploadAnswer = {
  ok: boolean;
  /** What to tell the admin: the action's own message, or why the request failed. */
  message: ToastMessage | null;
};

/** A refusal that did not come from our intents: a guard (401/403), the body limit (413), the network. */
function refusal(status: number, body: unknown): ToastMessage {
  const b = (body ?? {}) as { message?: unknown; error?: unknown };
  const text = typeof b.message === "string" ? b.message : typeof b.error === "string" ? b.error : null;
  if (text) return errorToast(text);
  return errorToast(
    status === 0
      ? "Error al subir imagen: no hay conexión con el servidor."
      : `Error al subir imagen: el servidor respondió ${status}.`,
  );
}

/**
 * Posts one upload form with XMLHttpRequest, which (unlike fetch) reports how much of the body
 * has been sent: `onProgress` gets 0…1 while it goes, and the answer once the server has
 * checked and stored the picture. An answer lost on the way (no connection, a 502/503/504) is
 * asked for once more with the same form: its request key makes the server store it once. Never
 * rejects.
 */
export async function postUpload(form: FormData, onProgress: (sent: number) => void): Promise<UploadAnswer> {
  const first = await postOnce(form, onProgress);
  return first.retry ? (await postOnce(form, onProgress)).answer : first.answer;
}

const RETRIED = new Set([0, 502, 503, 504]);

function postOnce(
  form: FormData,
  onProgress: (sent: number) => void,
): Promise<{ answer: UploadAnswer; retry: boolean }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOADS_URL);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as Partial<FormReply> | null;
      if (body && typeof body.ok === "boolean" && "intent" in body) {
        resolve({
          answer: { ok: body.ok, message: (body.message as ToastMessage | null) ?? null },
          retry: false,
        });
      } else
        resolve({
          answer: { ok: false, message: refusal(xhr.status, body) },
          retry: RETRIED.has(xhr.status),
        });
    };
    xhr.onerror = () => resolve({ answer: { ok: false, message: refusal(0, null) }, retry: true });
    xhr.send(form);
  });
}
