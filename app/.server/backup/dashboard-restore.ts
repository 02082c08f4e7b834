import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { isUuid } from "../../lib/ids";
import type { Actor } from "../audit/audit";
import { ConflictError, InvalidInputError, NotFoundError } from "../errors";
import { getBackup, thisHost } from "./catalog";
import { type BackupDeps, createBackup } from "./create";
import { type Manifest, PRE_RESTORE } from "./manifest";
import { hasPendingRestore, restoreDir, writePendingRestore } from "./pending-restore";
import { verifyArchive } from "./restore";
import { uploadedArchive } from "./upload";

/**
 * 'Restaurar' on 'Copias de seguridad' (docs/decisions/0029-restore-from-dashboard.md), embedded
 * database only: the archive is checked whole, the current data is backed up ('Antes de
 * restaurar'), then the restore is left for the next start (pending-restore.ts) and the site
 * restarts. What the screen calls a copy: a catalogue row's id, or `subida-<token>` for an upload.
 */

export const UPLOAD_ID_PREFIX = "subida-";

export type ChosenArchive = { id: string; file: string; uploaded: boolean };

/** The archive a confirmation step or a restore names, on this machine; null when there is none. */
export async function findArchive(
  deps: BackupDeps,
  dataDir: string,
  id: string,
): Promise<ChosenArchive | null> {
  if (id.startsWith(UPLOAD_ID_PREFIX)) {
    const file = uploadedArchive(dataDir, id.slice(UPLOAD_ID_PREFIX.length));
    return file ? { id, file, uploaded: true } : null;
  }
  if (!isUuid(id)) return null;
  const row = await getBackup(deps.database.db, id);
  if (row?.status !== "done" || row.host !== thisHost()) return null;
  const file = path.join(row.dir, row.fileName);
  return fs.existsSync(file) ? { id, file, uploaded: false } : null;
}

/**
 * The archive read whole and checked (restore.ts verifyArchive) without changing anything;
 * InvalidInputError('archive') carrying the reason in words when it cannot be restored.
 */
export async function checkedManifest(file: string): Promise<Manifest> {
  try {
    return await verifyArchive(file);
  } catch (err) {
    throw new InvalidInputError("archive", undefined, err instanceof Error ? err.message : String(err));
  }
}

/** One restore at a time: in this process while it prepares, and a marker once it is scheduled. */
let preparing = false;

export function restoreInProgress(dataDir: string): boolean {
  return preparing || hasPendingRestore(dataDir);
}

export type ScheduledRestore = {
  /** When the archive being restored was taken. */
  createdAt: string;
  /** The archive of the data as it was before ('Antes de restaurar'). */
  safetyFileName: string;
};

/**
 * Checks the archive, backs up the current data and leaves the restore for the next start. Throws
 * ConflictError ('restore-running', or 'backup-running' from the backup), NotFoundError
 * ('backup'), InvalidInputError ('archive'); nothing is changed then.
 */
export async function scheduleRestore(
  deps: BackupDeps,
  dataDir: string,
  opts: { id: string; actor: Actor },
): Promise<ScheduledRestore> {
  if (restoreInProgress(dataDir)) throw new ConflictError("restore-running");
  preparing = true;
  try {
    const chosen = await findArchive(deps, dataDir, opts.id);
    if (!chosen) throw new NotFoundError("backup");
    const manifest = await checkedManifest(chosen.file);
    // The safety backup applies retention (BACKUP_KEEP), which may delete the very archive chosen:
    // the restore reads its own link to it (or copy, across file systems), removed once applied.
    const file = chosen.uploaded ? chosen.file : pinned(chosen.file, dataDir);
    try {
      const safety = await createBackup(deps, { kind: "manual", reason: PRE_RESTORE, actor: opts.actor });
      if (!safety) throw new Error("the backup before restoring was not made");
      writePendingRestore(dataDir, {
        file,
        createdAt: manifest.createdAt,
        requestedAt: new Date().toISOString(),
        requestedBy: opts.actor?.name ?? null,
        requestedById: opts.actor?.id ?? null,
        removeAfter: true,
      });
      return { createdAt: manifest.createdAt, safetyFileName: safety.fileName };
    } catch (err) {
      if (file !== chosen.file) fs.rmSync(file, { force: true });
      throw err;
    }
  } finally {
    preparing = false;
  }
}

/** A link to (or a copy of) a listed archive in DATA_DIR/restore, which nothing else deletes. */
function pinned(file: string, dataDir: string): string {
  const dir = restoreDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pin = path.join(dir, `restaurar-${randomBytes(8).toString("hex")}.tar.gz`);
  try {
    fs.linkSync(file, pin);
  } catch {
    fs.copyFileSync(file, pin);
  }
  return pin;
}
