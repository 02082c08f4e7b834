import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { type Actor, recordAudit } from "../audit/audit";
import { type DbHandle, findProjectRoot } from "../db/client";
import { isAlive } from "../db/dir-lock";
import { BACKUP_LOCK } from "../db/locks";
import type { BackupKind } from "../db/schema";
import { ConflictError } from "../errors";
import type { Logger } from "../logger";
import type { Storage } from "../storage/storage";
import {
  backupsPastRetention,
  deleteBackupRow,
  insertBackupRow,
  isMissingTable,
  markInterrupted,
  pruneFailed,
  thisHost,
  updateBackupRow,
} from "./catalog";
import { archiveName, type Manifest, summarize } from "./manifest";
import { deleteArchive } from "./offsite";
import type { BackupSettings } from "./settings";
import type { WorkerInput, WorkerMessage } from "./worker";

export type BackupDeps = {
  database: DbHandle;
  storage: Storage;
  settings: BackupSettings;
  logger: Logger;
  /**
   * False on a start about to migrate: the catalogue and the audit log may not exist yet, so the
   * archive is only written to the folder (the restore command, or a later list, finds it).
   */
  catalogue?: boolean;
};

export type BackupProgress = { phase: string; progress: number };

export type BackupOptions = {
  kind: BackupKind;
  /** Recorded in the manifest and the catalogue's summary ('pre-restore': manifest.ts PRE_RESTORE). */
  reason?: string;
  /** The scheduled day: only one backup per slot, across instances. */
  slot?: string;
  actor?: Actor;
  onProgress?: (p: BackupProgress) => void;
  /** Called once the backup has its catalogue row (the admin screen answers then). */
  onStarted?: (id: string | null, fileName: string) => void;
};

export type BackupResult = {
  id: string | null;
  fileName: string;
  file: string;
  bytes: number;
  manifest: Manifest;
  s3Key: string | null;
  offsiteError: string | null;
};

/** Backups running in this process (their rows are not 'interrupted'). */
const running = new Set<string>();
/** Databases this process is backing up (one backup at a time each). */
const busy = new Set<unknown>();

/** One backup at a time per database: in this process, and across instances on Postgres. */
async function acquireRunLock(database: DbHandle): Promise<(() => Promise<void>) | null> {
  const key = database.pglite ?? database.pool ?? database;
  if (busy.has(key)) return null;
  busy.add(key);
  if (database.kind !== "postgres" || !database.pool) return async () => void busy.delete(key);
  try {
    const client = await database.pool.connect();
    const r = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [BACKUP_LOCK]);
    if (!r.rows[0]?.ok) {
      client.release();
      busy.delete(key);
      return null;
    }
    return async () => {
      await client.query("select pg_advisory_unlock($1)", [BACKUP_LOCK]).catch(() => {});
      client.release();
      busy.delete(key);
    };
  } catch (err) {
    busy.delete(key);
    throw err;
  }
}

let appInfo: { name: string; version: string } | null = null;
export function appVersion(): { name: string; version: string } {
  if (!appInfo) {
    const pkg = JSON.parse(fs.readFileSync(path.join(findProjectRoot(), "package.json"), "utf8"));
    appInfo = { name: String(pkg.name), version: String(pkg.version) };
  }
  return appInfo;
}

/** Partial files and snapshots of processes that died mid-backup (kill -9, power loss). */
function removeLeftovers(dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    const m = /^\..+\.(\d+)\.(partial|snapshot|partial\.sql)$/.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    if (pid === process.pid || !isAlive(pid)) fs.rmSync(path.join(dir, name), { force: true });
  }
}

/**
 * Makes one backup: a consistent snapshot of the database, then the worker process (worker.ts)
 * writes the archive under a hidden partial name, and only a worker that reports success has its
 * file renamed to the archive's name, so an interrupted backup never looks like one. Answers null
 * when `slot` was already taken. Throws ConflictError('backup-running') when one is running.
 */
export async function createBackup(deps: BackupDeps, opts: BackupOptions): Promise<BackupResult | null> {
  const release = await acquireRunLock(deps.database);
  if (!release) throw new ConflictError("backup-running");
  const { database, settings, logger } = deps;
  const db = database.db;
  const catalogue = deps.catalogue !== false;
  let id: string | null = null;
  let partial: string | null = null;
  let snapshotFile: string | null = null;
  let fileName = "";
  try {
    fs.mkdirSync(settings.dir, { recursive: true, mode: 0o700 });
    removeLeftovers(settings.dir);
    const now = new Date();
    for (let n = 0; ; n++) {
      fileName = archiveName(now, n === 0 ? "" : `-${n}`);
      if (fs.existsSync(path.join(settings.dir, fileName))) continue;
      if (!catalogue) break;
      await markInterrupted(db, running);
      id = await insertBackupRow(db, {
        fileName,
        kind: opts.kind,
        slot: opts.slot,
        dir: settings.dir,
        actorName: opts.actor?.name ?? null,
      });
      if (id) break;
      if (opts.slot) return null;
    }
    if (id) running.add(id);
    opts.onStarted?.(id, fileName);
    partial = path.join(settings.dir, `.${fileName}.${process.pid}.partial`);

    let source: WorkerInput["source"];
    if (database.kind === "pglite") {
      if (!database.pglite) throw new Error("PGlite handle without its client");
      // The files of the database at one instant (PGlite holds its own lock meanwhile); the worker
      // opens this copy, so the site's process never runs pg_dump's synchronous WebAssembly.
      snapshotFile = path.join(settings.dir, `.${fileName}.${process.pid}.snapshot`);
      const blob = await database.pglite.dumpDataDir("none");
      // Written in one go: an async write of tens of MB in 512 KB turns of a busy event loop took
      // minutes under load; this holds the loop for the time of one write to the page cache.
      fs.writeFileSync(snapshotFile, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
      source = { engine: "pglite", snapshotFile };
    } else {
      if (!database.url) throw new Error("Postgres handle without its URL");
      source = { engine: "postgres", url: database.url };
    }

    let lastSaved = 0;
    const onMessage = (m: WorkerMessage) => {
      if (m.type !== "progress") return;
      opts.onProgress?.({ phase: m.phase, progress: m.progress });
      // The catalogue row carries the progress to every instance's screen, twice a second at most.
      if (id && Date.now() - lastSaved > 500) {
        lastSaved = Date.now();
        void updateBackupRow(db, id, { phase: m.phase, progress: m.progress }).catch(() => {});
      }
    };
    const done = await runWorkerProcess(
      {
        source,
        storage: deps.storage.spec,
        outFile: partial,
        name: fileName,
        kind: opts.kind,
        ...(opts.reason ? { reason: opts.reason } : {}),
        createdAt: now.toISOString(),
        app: appVersion(),
        offsite: settings.offsite,
      },
      onMessage,
    );
    const file = path.join(settings.dir, fileName);
    fs.renameSync(partial, file);
    partial = null;
    syncDir(settings.dir);
    const summary = summarize(done.manifest);
    if (id) {
      await updateBackupRow(db, id, {
        status: "done",
        phase: null,
        progress: 100,
        finishedAt: new Date(),
        sizeBytes: done.bytes,
        summary,
        s3Key: done.s3Key,
        error: done.offsiteError ? `La copia externa (S3) falló: ${done.offsiteError}` : null,
      });
    }
    if (catalogue) {
      await recordAudit(db, opts.actor ?? null, {
        action: "backup.created",
        entityId: id,
        target: fileName,
        changes: {
          tipo: opts.kind,
          bytes: done.bytes,
          // What the owner counts ('Actividad': 'Contiene: 55 pedidos · …'), not database rows.
          pedidos: summary.tables["public.orders"] ?? 0,
          conversaciones: summary.tables["public.chat_clients"] ?? 0,
          productos: summary.tables["public.products"] ?? 0,
          archivos: summary.files,
          ...(done.s3Key ? { s3: done.s3Key } : {}),
        },
      });
      await applyRetention(deps).catch((err) => logger.warn({ err }, "backup retention failed"));
    }
    if (done.offsiteError) logger.warn({ err: done.offsiteError, fileName }, "Copia externa (S3) fallida");
    return {
      id,
      fileName,
      file,
      bytes: done.bytes,
      manifest: done.manifest,
      s3Key: done.s3Key,
      offsiteError: done.offsiteError,
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (id) {
      await updateBackupRow(db, id, {
        status: "failed",
        finishedAt: new Date(),
        error: message.slice(0, 1000),
      }).catch(() => {});
    }
    if (catalogue && fileName && !(err instanceof ConflictError)) {
      await recordAudit(db, opts.actor ?? null, {
        action: "backup.failed",
        entityId: id,
        target: fileName,
        changes: { tipo: opts.kind, error: message.slice(0, 300) },
      }).catch((e) => {
        if (!isMissingTable(e)) logger.warn({ err: e }, "backup audit failed");
      });
    }
    throw err;
  } finally {
    if (partial) fs.rmSync(partial, { force: true });
    if (snapshotFile) fs.rmSync(snapshotFile, { force: true });
    if (id) running.delete(id);
    await release();
  }
}

/** A rename is durable once its folder is synced. */
function syncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, "r");
    fs.fsyncSync(fd);
    fs.closeSync(fd);
  } catch {
    // Some file systems refuse fsync on a folder; the rename itself is still atomic.
  }
}

/** Removes the archives past BACKUP_KEEP (their file on this machine, their off-site copy, their row). */
export async function applyRetention(deps: BackupDeps): Promise<number> {
  const db = deps.database.db;
  const past = await backupsPastRetention(db, deps.settings.keep);
  for (const row of past) {
    if (row.host === thisHost()) fs.rmSync(path.join(row.dir, row.fileName), { force: true });
    if (row.s3Key && deps.settings.offsite) await deleteArchive(deps.settings.offsite, row.s3Key);
    await deleteBackupRow(db, row.id);
  }
  await pruneFailed(db, 20);
  return past.length;
}

/**
 * Runs scripts/backup-worker.ts in a child process at a lower CPU priority and answers its final
 * report. The child's stdin stays open while it works: if this process dies, the child sees it
 * close and stops too.
 */
function runWorkerProcess(
  input: WorkerInput,
  onMessage: (m: WorkerMessage) => void,
): Promise<Extract<WorkerMessage, { type: "done" }>> {
  const root = findProjectRoot();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(root, "scripts", "backup-worker.ts")],
      {
        cwd: root,
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    try {
      if (child.pid) os.setPriority(child.pid, 10);
    } catch {
      // Not allowed here: the backup still runs, at normal priority.
    }
    let result: Extract<WorkerMessage, { type: "done" }> | null = null;
    let failure: string | null = null;
    let stderr = "";
    child.stderr.on("data", (c) => {
      stderr = (stderr + c).slice(-4000);
    });
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      let m: WorkerMessage;
      try {
        m = JSON.parse(line) as WorkerMessage;
      } catch {
        return;
      }
      if (m.type === "done") result = m;
      else if (m.type === "error") failure = m.message;
      else onMessage(m);
    });
    child.stdin.on("error", () => {});
    child.stdin.write(`${JSON.stringify(input)}\n`);
    child.once("error", reject);
    child.once("close", (code) => {
      if (code === 0 && result) resolve(result);
      else
        reject(
          new Error(failure ?? `El proceso de la copia terminó con ${code}: ${stderr.trim().slice(-500)}`),
        );
    });
  });
}
