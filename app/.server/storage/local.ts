import fs from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, type Bucket, keyFromPublicUrl, type Storage } from "./storage";

/** Files under `root/{bucket}/{key}`, served by the HTTP app at `/files/{bucket}/{key}`. */
export const LOCAL_URL_BASE = "/files";

export function createLocalStorage(root: string): Storage & { root: string } {
  const fileOf = (bucket: Bucket, key: string) => {
    assertSafeKey(key);
    return path.join(root, bucket, key);
  };
  return {
    kind: "local",
    root,
    async put(bucket, key, body) {
      const file = fileOf(bucket, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, file);
      return this.publicUrl(bucket, key);
    },
    async remove(bucket, key) {
      await fs.rm(fileOf(bucket, key), { force: true });
    },
    publicUrl(bucket, key) {
      assertSafeKey(key);
      return `${LOCAL_URL_BASE}/${bucket}/${key}`;
    },
    keyFromUrl(bucket, url) {
      return keyFromPublicUrl(LOCAL_URL_BASE, bucket, url);
    },
  };
}
