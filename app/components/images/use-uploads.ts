import { useState } from "react";
import { useRevalidator } from "react-router";
import { newRequestKey } from "~/lib/ids";
import { notify, type ToastMessage } from "~/lib/toast";
import type { UploadKind, UploadRefusal } from "~/lib/uploads";
import { prepareUpload } from "./prepare";
import { postUpload } from "./upload-request";

export type UploadStatus = "waiting" | "preparing" | "uploading" | "saving" | "done" | "failed";

export type UploadItem = {
  key: string;
  /** The name the admin picked. */
  name: string;
  /** Share of the file sent, 0…1. */
  progress: number;
  status: UploadStatus;
  error?: string;
};

export type UseUploadsOptions = {
  /** The intent of app/routes/admin/uploads.ts that stores one file. */
  intent: string;
  kind: UploadKind;
  /** How a file the browser refuses is reported (each screen words it as the spec does). */
  refused: (reason: UploadRefusal, fileName: string) => ToastMessage;
};

/**
 * Sends picked files one after the other, each with its own progress (docs/product.md §3.2,
 * §3.6): checked and resized in the browser (unless already done for a preview), posted with
 * progress, then stored by the server. Every refusal is shown as it comes; the page's data is
 * reloaded once the batch is done. `send` answers how many files were stored.
 */
export function useUploads({ intent, kind, refused }: UseUploadsOptions) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const patch = (key: string, change: Partial<UploadItem>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));
  const fail = (key: string, message: ToastMessage | null) => {
    patch(key, { status: "failed", error: message?.description ?? message?.title });
    if (message) notify(message);
  };

  async function send(files: File[], opts: { prepared?: boolean } = {}): Promise<number> {
    const stamp = Date.now();
    const batch = files.map((file, i) => ({ key: `${stamp}-${i}`, file }));
    setItems(batch.map(({ key, file }) => ({ key, name: file.name, progress: 0, status: "waiting" })));
    setBusy(true);
    let stored = 0;
    try {
      for (const { key, file: picked } of batch) {
        let file = picked;
        if (!opts.prepared) {
          patch(key, { status: "preparing" });
          const prepared = await prepareUpload(picked, kind);
          if (!prepared.ok) {
            fail(key, refused(prepared.refusal, picked.name));
            continue;
          }
          file = prepared.file;
        }
        patch(key, { status: "uploading" });
        const form = new FormData();
        form.set("intent", intent);
        form.set("fileName", picked.name);
        form.set("image", file, file.name);
        // One key per picture: sent again, it is stored once (app/.server/request-keys.ts).
        form.set("requestKey", newRequestKey());
        const answer = await postUpload(form, (sent) =>
          patch(key, { progress: sent, status: sent < 1 ? "uploading" : "saving" }),
        );
        if (!answer.ok) {
          fail(key, answer.message);
          continue;
        }
        stored++;
        patch(key, { status: "done", progress: 1 });
        if (answer.message) notify(answer.message);
      }
    } finally {
      setBusy(false);
      if (stored > 0) void revalidator.revalidate();
    }
    return stored;
  }

  return { items, busy, send, clear: () => setItems([]) };
}
