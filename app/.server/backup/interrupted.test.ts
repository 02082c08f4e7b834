import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type DbHandle, findProjectRoot, openPglite } from "../db/client";
import { seedDefaults } from "../seed";
import { createTestDb, onPostgres, testLogger } from "../testing/db";
import { removeDir, tempPath } from "../testing/files";
import { listBackups } from "./catalog";
import { createBackup } from "./create";
import { ARCHIVE_NAME } from "./manifest";

// A backup killed with SIGKILL at any moment leaves no archive: only a hidden partial file, which
// the next backup removes, and a catalogue row that is not 'done'.

const root = findProjectRoot();
const dataDir = tempPath("mm-test-killed-");
const backupDir = path.join(dataDir, "backups");

async function until<T>(what: string, fn: () => T | null | undefined | false, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("a backup killed with SIGKILL", () => {
  let handle: DbHandle | null = null;
  let child: ChildProcess | null = null;
  afterAll(async () => {
    child?.kill("SIGKILL");
    await handle?.close();
    removeDir(dataDir);
  });

  it("leaves no archive, only a partial file the next backup removes, and no finished row", async () => {
    // The database to back up: an embedded folder, or a Postgres database of this test's own.
    let env: Record<string, string>;
    if (onPostgres) {
      handle = await createTestDb();
      env = { DATABASE_URL: (handle as DbHandle & { url: string }).url };
    } else {
      const h = await openPglite(dataDir);
      await seedDefaults(h.db);
      await h.close();
      env = {};
    }
    if (handle) await seedDefaults(handle.db);

    child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "backup.ts")], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: backupDir, LOG_LEVEL: "silent", ...env },
      stdio: "ignore",
    });
    const exited = new Promise((r) => child?.once("exit", r));
    // Killed while its worker writes the archive.
    await until(
      "the partial archive",
      () => fs.existsSync(backupDir) && fs.readdirSync(backupDir).some((n) => n.endsWith(".partial")),
    );
    child.kill("SIGKILL");
    await exited;

    // The worker notices its parent is gone and stops: its partial file stops growing.
    let last = -1;
    for (let i = 0; i < 60; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      const sizes = fs
        .readdirSync(backupDir)
        .filter((n) => n.startsWith("."))
        .reduce((a, n) => a + fs.statSync(path.join(backupDir, n)).size, 0);
      if (sizes === last) break;
      last = sizes;
    }
    expect(fs.readdirSync(backupDir).filter((n) => ARCHIVE_NAME.test(n))).toEqual([]);

    // The next backup clears the leftover and lists the killed one as interrupted, never done.
    if (!handle) handle = await openPglite(dataDir, { migrate: false });
    const settings = {
      dir: backupDir,
      hour: null,
      timeZone: "UTC",
      keep: 7,
      beforeMigrations: true,
      offsite: null,
    };
    const storage = (await import("../storage/local")).createLocalStorage(path.join(dataDir, "storage"));
    const next = await createBackup(
      { database: handle, storage, settings, logger: testLogger },
      { kind: "manual" },
    );
    expect(fs.readdirSync(backupDir).filter((n) => n.startsWith("."))).toEqual([]);
    expect(fs.readdirSync(backupDir).filter((n) => ARCHIVE_NAME.test(n))).toEqual([next?.fileName]);
    const rows = await listBackups(handle.db);
    expect(rows.filter((r) => r.status === "done").map((r) => r.fileName)).toEqual([next?.fileName]);
    expect(rows.find((r) => r.kind === "command")).toMatchObject({ status: "failed" });
  }, 240_000);
});
