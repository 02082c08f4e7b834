import fs from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, type Bucket, keyFromPublicUrl, type Storage, type StoredObject } from "./storage";

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
    list(bucket) {
      return walk(path.join(root, bucket), "");
    },
    async get(bucket, key) {
      try {
        return await fs.readFile(fileOf(bucket, key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    spec: { kind: "local", root },
  };
}

/** Files under `dir`, keys relative to the bucket; half-written `.tmp` files of put() are not objects. */
async function* walk(dir: string, prefix: string): AsyncGenerator<StoredObject> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const key = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) yield* walk(path.join(dir, e.name), key);
    else if (e.isFile() && !e.name.endsWith(".tmp")) {
      const stat = await fs.stat(path.join(dir, e.name)).catch(() => null);
      if (stat) yield { key, size: stat.size };
    }
  }
}
