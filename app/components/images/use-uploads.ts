import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { newRequestKey } from "~/lib/ids";
import { notify, type ToastMessage } from "~/lib/toast";
import type { UploadKind, UploadRefusal } from "~/lib/uploads";
import { prepareUpload } from "./prepare";
import { postUpload } from "./upload-request";

export type UploadStatus = "waiting" | "preparing" | "uploading" | "saving" | "done" | "failed";

export type UploadItem = {
  key: string;
  /** The name the admin picked ('IMG_2041.jpg'), never the resized file's. */
  name: string;
  /** A thumbnail of what is sent (an object URL of the resized file), once it is ready. */
  preview?: string;
  /** Share of the file sent, 0…1. */
  progress: number;
  status: UploadStatus;
  error?: string;
};

/** A picked file, or one already prepared (resized) with the name it was picked with. */
export type UploadSource = File | { file: File; name: string };

/** How a batch went: the files stored and the files refused (each told as it came). */
export type UploadBatch = { stored: number; failed: number };

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
 * reloaded once the batch is done. Each line shows the name the admin picked and a thumbnail of
 * what was sent. `send` answers how many files were stored and how many refused.
 */
export function useUploads({ intent, kind, refused }: UseUploadsOptions) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  // The thumbnails of the last batch, let go when the next one starts or the screen closes.
  const previews = useRef<string[]>([]);
  const releasePreviews = () => {
    for (const url of previews.current) URL.revokeObjectURL(url);
    previews.current = [];
  };
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );
  const patch = (key: string, change: Partial<UploadItem>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));
  const fail = (key: string, message: ToastMessage | null) => {
    patch(key, { status: "failed", error: message?.description ?? message?.title });
    if (message) notify(message);
  };

  async function send(sources: UploadSource[], opts: { prepared?: boolean } = {}): Promise<UploadBatch> {
    const stamp = Date.now();
    const batch = sources.map((source, i) => ({
      key: `${stamp}-${i}`,
      ...(source instanceof File ? { file: source, name: source.name } : source),
    }));
    releasePreviews();
    setItems(batch.map(({ key, name }) => ({ key, name, progress: 0, status: "waiting" })));
    setBusy(true);
    let stored = 0;
    try {
      for (const { key, file: picked, name } of batch) {
        let file = picked;
        if (!opts.prepared) {
          patch(key, { status: "preparing" });
          const prepared = await prepareUpload(picked, kind);
          if (!prepared.ok) {
            fail(key, refused(prepared.refusal, name));
            continue;
          }
          file = prepared.file;
        }
        const preview = URL.createObjectURL(file);
        previews.current.push(preview);
        patch(key, { status: "uploading", preview });
        const form = new FormData();
        form.set("intent", intent);
        form.set("fileName", name);
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
    return { stored, failed: batch.length - stored };
  }

  return {
    items,
    busy,
    send,
    clear: () => {
      releasePreviews();
      setItems([]);
    },
  };
}
