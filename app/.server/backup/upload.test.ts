import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { removeDir, tempPath } from "../testing/files";
import { receiveUpload, UPLOAD_FIELD, uploadedArchive, uploadsDir } from "./upload";

// The archive upload is read as it arrives (upload.ts): the file to disk, never whole in memory.

const dataDir = tempPath("mm-test-upload-");
afterAll(() => removeDir(dataDir));

/** The form as a browser sends it, its body cut into `size`-byte pieces (a boundary may fall across two). */
async function multipart(fields: Record<string, string | Blob>, size: number): Promise<Request> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === "string") form.append(k, v);
    else form.append(k, v, "c.tar.gz");
  }
  const encoded = new Request("http://x/", { method: "POST", body: form });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
  return new Request("http://x/", {
    method: "POST",
    body,
    headers: { "content-type": encoded.headers.get("content-type") ?? "" },
    duplex: "half",
  } as RequestInit);
}

const content = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 251));

describe("receiving an archive upload", () => {
  it("saves the file byte for byte and keeps the text fields, however the body is cut", async () => {
    for (const size of [1, 7, 63, 4096, 1 << 20]) {
      const { form, token } = await receiveUpload(
        await multipart(
          { intent: "backup-upload", [UPLOAD_FIELD]: new Blob([content]), nota: "año\r\n--x" },
          size,
        ),
        dataDir,
      );
      expect(form.get("intent")).toBe("backup-upload");
      expect(form.get("nota")).toBe("año\r\n--x");
      expect(form.get(UPLOAD_FIELD)).toBe(token);
      const file = uploadedArchive(dataDir, token ?? "");
      expect(file && fs.readFileSync(file).equals(content)).toBe(true);
    }
  });

  it("no file chosen is no file; a file past the limit is refused and removed", async () => {
    const empty = await receiveUpload(
      await multipart({ intent: "x", [UPLOAD_FIELD]: new Blob([]) }, 100),
      dataDir,
    );
    expect(empty.token).toBeNull();
    expect(empty.form.get(UPLOAD_FIELD)).toBeNull();

    const before = fs.readdirSync(uploadsDir(dataDir)).length;
    await expect(
      receiveUpload(await multipart({ [UPLOAD_FIELD]: new Blob([content]) }, 1000), dataDir, 10_000),
    ).rejects.toMatchObject({ reason: "upload-too-large" });
    await expect(
      receiveUpload(
        new Request("http://x/", {
          method: "POST",
          body: "hola",
          headers: { "content-type": "multipart/form-data; boundary=zz" },
        }),
        dataDir,
      ),
    ).rejects.toMatchObject({ reason: "upload-malformed" });
    expect(fs.readdirSync(uploadsDir(dataDir))).toHaveLength(before);
  });
});
