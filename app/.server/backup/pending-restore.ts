import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { z } from "zod";
import { recordAudit } from "../audit/audit";
import { type Db, findProjectRoot } from "../db/client";
import { sessions } from "../db/schema";
import type { Logger } from "../logger";
import type { Storage, StorageSpec } from "../storage/storage";
import { archiveName } from "./manifest";
import { restoreBackup } from "./restore";
import { storageOf } from "./worker";

/**
 * A restore asked for on 'Copias de seguridad' (docs/decisions/0029-restore-from-dashboard.md):
 * the running site cannot replace the database it has open, so it writes what to restore to
 * `DATA_DIR/restore/pending.json` and exits; the next start applies it before it opens the
 * database (server/index.ts) and writes how it went to `DATA_DIR/restore/last.json`, which the
 * screen shows. Files, not rows: the database is what is being replaced. Owner-only, like all of
 * DATA_DIR (../owner-only.ts).
 */

const pendingSchema = z.object({
  /** The archive to restore (absolute path on this machine). */
  file: z.string().min(1),
  /** When the archive was taken (its manifest's createdAt), for the screen's words. */
  createdAt: z.string(),
  requestedAt: z.string(),
  requestedBy: z.string().nullable(),
  /** Who asked, for 'Actividad' (absent in a marker written before it was kept). */
  requestedById: z.string().nullable().default(null),
  /** The file is the restore's own (an upload, or a link to a listed archive): removed once applied. */
  removeAfter: z.boolean(),
});
export type PendingRestore = z.infer<typeof pendingSchema>;

const outcomeSchema = z.object({
  ok: z.boolean(),
  createdAt: z.string(),
  requestedBy: z.string().nullable(),
  requestedById: z.string().nullable().default(null),
  finishedAt: z.string(),
  /** How long the restore took at start-up, in milliseconds. */
  ms: z.number(),
  /** Why it failed, in words (the restore's own sentence). */
  error: z.string().nullable(),
});
export type RestoreOutcome = z.infer<typeof outcomeSchema>;

export const restoreDir = (dataDir: string) => path.join(dataDir, "restore");
const pendingFile = (dataDir: string) => path.join(restoreDir(dataDir), "pending.json");
const outcomeFile = (dataDir: string) => path.join(restoreDir(dataDir), "last.json");

/** Writes a JSON file whole or not at all (a crash mid-write leaves the previous one). */
function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, "w", 0o600);
  try {
    fs.writeSync(fd, `${JSON.stringify(value, null, 2)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

/** The file parsed by `schema`; null when there is none; "invalid" when it is not one of ours. */
function readJson<T>(file: string, schema: z.ZodType<T>): T | null | "invalid" {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : "invalid";
  } catch {
    return "invalid";
  }
}

export function writePendingRestore(dataDir: string, pending: PendingRestore): void {
  writeJson(pendingFile(dataDir), pending);
}

/** The restore waiting for the next start, if any (an unreadable marker counts as one: it is applied, and fails). */
export function hasPendingRestore(dataDir: string): boolean {
  return fs.existsSync(pendingFile(dataDir));
}

/** The last restore's outcome, if one was ever applied here. */
export function readRestoreOutcome(dataDir: string): RestoreOutcome | null {
  const out = readJson(outcomeFile(dataDir), outcomeSchema);
  return out === "invalid" ? null : out;
}

/** A command-line restore replaces whatever the dashboard had asked for. */
export function clearPendingRestore(dataDir: string): boolean {
  const file = pendingFile(dataDir);
  const had = fs.existsSync(file);
  fs.rmSync(file, { force: true });
  return had;
}

/**
 * Applies the pending restore, if there is one, into the embedded database of `dataDir` with
 * `force` (restoreBackup sets the current folder and local files aside and puts them back if the
 * restore fails), in a worker process (restoreInChild). Whatever happens the marker is removed,
 * so a failing restore is tried once, not at every start; the outcome is written for the screen
 * and answered. Null when nothing was pending.
 */
export async function applyPendingRestore(opts: {
  dataDir: string;
  storage: Storage;
  logger: Logger;
}): Promise<RestoreOutcome | null> {
  const { dataDir, logger } = opts;
  const pending = readJson(pendingFile(dataDir), pendingSchema);
  if (pending === null) return null;
  const t0 = Date.now();
  let error: string | null = null;
  if (pending === "invalid") {
    error = "El aviso de restauración estaba dañado y no se aplicó";
  } else {
    logger.info({ file: pending.file }, "Restaurando la copia pedida desde el panel...");
    try {
      await restoreInChild({ file: pending.file, dataDir, storage: opts.storage.spec }, logger);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      logger.error(
        { err: error },
        "La restauración pedida desde el panel falló: los datos siguen como estaban",
      );
    }
  }
  const outcome: RestoreOutcome = {
    ok: error === null,
    createdAt: pending === "invalid" ? "" : pending.createdAt,
    requestedBy: pending === "invalid" ? null : pending.requestedBy,
    requestedById: pending === "invalid" ? null : pending.requestedById,
    finishedAt: new Date().toISOString(),
    ms: Date.now() - t0,
    error,
  };
  writeJson(outcomeFile(dataDir), outcome);
  if (pending !== "invalid" && pending.removeAfter) fs.rmSync(pending.file, { force: true });
  fs.rmSync(pendingFile(dataDir), { force: true });
  if (outcome.ok) logger.info({ ms: outcome.ms }, "Copia restaurada");
  return outcome;
}

export type RestoreWorkerInput = { file: string; dataDir: string; storage: StorageSpec };
export type RestoreWorkerMessage =
  | { type: "log"; line: string }
  | { type: "done"; setAside: string[] }
  | { type: "error"; message: string };

/** scripts/restore-worker.ts: the restore itself, its progress and outcome as messages. */
export async function runRestoreWorker(
  input: RestoreWorkerInput,
  emit: (m: RestoreWorkerMessage) => void,
): Promise<boolean> {
  try {
    const report = await restoreBackup({
      file: input.file,
      target: { engine: "pglite", dataDir: input.dataDir },
      storage: storageOf(input.storage),
      force: true,
      log: (line) => emit({ type: "log", line }),
    });
    emit({ type: "done", setAside: report.setAside });
    return true;
  } catch (err) {
    emit({ type: "error", message: err instanceof Error ? err.message : String(err) });
    return false;
  }
}

/**
 * Runs the restore in scripts/restore-worker.ts: loading a dump creates a new PGlite cluster,
 * which grows a process's WebAssembly memory by hundreds of MB it never gives back
 * (../db/client.ts createPgliteCluster); the site's process stays as small as after any start.
 * Rejects with the restore's own words.
 */
export function restoreInChild(input: RestoreWorkerInput, logger: Logger): Promise<void> {
  const root = findProjectRoot();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(root, "scripts", "restore-worker.ts")],
      {
        cwd: root,
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    let failure: string | null = null;
    let done = false;
    let stderr = "";
    child.stderr.on("data", (c) => {
      stderr = (stderr + c).slice(-4000);
    });
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      let m: RestoreWorkerMessage;
      try {
        m = JSON.parse(line) as RestoreWorkerMessage;
      } catch {
        return;
      }
      if (m.type === "log") logger.info(m.line);
      else if (m.type === "error") failure = m.message;
      else {
        done = true;
        for (const p of m.setAside) logger.info(`Lo anterior quedó guardado en ${p}`);
      }
    });
    child.stdin.on("error", () => {});
    child.stdin.end(`${JSON.stringify(input)}\n`);
    child.once("error", reject);
    child.once("close", (code) => {
      if (code === 0 && done) resolve();
      else
        reject(
          new Error(
            failure ?? `El proceso de la restauración terminó con ${code}: ${stderr.trim().slice(-500)}`,
          ),
        );
    });
  });
}

/**
 * Signs every staff member out: a restored database holds the sessions of the day it was taken
 * (and none of today's), so after a restore everyone signs in again.
 */
export async function endAllSessions(db: Db): Promise<number> {
  const ended = await db.delete(sessions).returning({ id: sessions.id });
  return ended.length;
}

/**
 * The restore in 'Actividad', written into the database as it is after the restore (the restored
 * one, or the current one when it failed), credited to who asked for it: 'Copia de seguridad
 * restaurada · Copia de seguridad del 28 nov, 11:27', or 'Restauración fallida' with its reason.
 */
export async function recordRestoreAudit(db: Db, outcome: RestoreOutcome): Promise<void> {
  const at = new Date(outcome.createdAt);
  await recordAudit(
    db,
    outcome.requestedBy ? { id: outcome.requestedById, name: outcome.requestedBy } : null,
    {
      action: outcome.ok ? "backup.restored" : "backup.restore-failed",
      target: Number.isNaN(at.getTime()) ? null : archiveName(at),
      changes: outcome.ok ? {} : { error: outcome.error },
    },
  );
}
