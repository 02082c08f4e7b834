import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createLocalStorage } from "../storage/local";

/** A path of its own under the system's temp folder, for a folder not created yet. */
export function tempPath(prefix = "mm-test-"): string {
  return path.join(os.tmpdir(), `${prefix}${process.pid}-${randomBytes(6).toString("hex")}`);
}

/** Removes a folder with everything in it; a folder never created is fine. */
export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * The local storage driver over a temp folder of its own (`root`, created by the first file
 * stored); `removeDir(storage.root)` deletes it.
 */
export function createTestStorage(): ReturnType<typeof createLocalStorage> {
  return createLocalStorage(tempPath("mm-test-files-"));
}
