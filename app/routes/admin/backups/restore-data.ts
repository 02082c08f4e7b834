import fs from "node:fs";
import path from "node:path";
import { readManifest } from "~/.server/backup/archive";
import type { BackupRow } from "~/.server/backup/catalog";
import { thisHost } from "~/.server/backup/catalog";
import { checkedManifest, findArchive } from "~/.server/backup/dashboard-restore";
import type { Manifest } from "~/.server/backup/manifest";
import { readRestoreOutcome } from "~/.server/backup/pending-restore";
import type { BackupService } from "~/.server/backup/service";
import { RESTORE_UPLOAD_MAX_BYTES } from "~/.server/backup/upload";
import { toDomainError } from "~/.server/errors";
import { type BackupCounts, CONFIRM_PARAM } from "./restore-words";

/** What 'Restaurar' needs on the page, read by the loader (./route.tsx). */

/** How long the last restore's outcome stays on the page. */
const OUTCOME_SHOWN_MS = 7 * 24 * 3600_000;

export const countsOf = (tables: Record<string, number>, files: number): BackupCounts => ({
  orders: tables["public.orders"] ?? 0,
  products: tables["public.products"] ?? 0,
  conversations: tables["public.chat_clients"] ?? 0,
  files,
});

/** Whether a listed copy can be restored from here: done, its file on this machine. */
export function restorable(backups: BackupService, row: BackupRow): boolean {
  return (
    backups.restore.available &&
    row.status === "done" &&
    row.host === thisHost() &&
    fs.existsSync(path.join(row.dir, row.fileName))
  );
}

export function restoreState(backups: BackupService) {
  const { available, dataDir } = backups.restore;
  const last = available ? readRestoreOutcome(dataDir) : null;
  const recent = last && Date.now() - new Date(last.finishedAt).getTime() < OUTCOME_SHOWN_MS;
  return {
    available,
    inProgress: available && backups.restore.inProgress(),
    maxMB: RESTORE_UPLOAD_MAX_BYTES / 1024 / 1024,
    last: recent ? { ok: last.ok, createdAt: last.createdAt, error: last.error } : null,
  };
}

export type ConfirmStep =
  | { id: string; ok: true; createdAt: string; counts: BackupCounts; uploaded: boolean }
  | { id: string; ok: false; error: string };

/**
 * `?restaurar=<copy>`: the copy read and checked whole before she is asked (a catalogue archive
 * here; an upload was checked as it arrived, so only its manifest is read). Null without the
 * parameter or where restoring is not offered.
 */
export async function confirmStep(request: Request, backups: BackupService): Promise<ConfirmStep | null> {
  const id = new URL(request.url).searchParams.get(CONFIRM_PARAM);
  if (id === null || !backups.restore.available) return null;
  const chosen = id.length <= 80 ? await findArchive(backups.deps, backups.restore.dataDir, id) : null;
  if (!chosen) return { id, ok: false, error: "Esa copia no existe o su archivo no está en este servidor." };
  let manifest: Manifest;
  try {
    manifest = chosen.uploaded ? await readManifest(chosen.file) : await checkedManifest(chosen.file);
  } catch (err) {
    const detail = toDomainError(err)?.detail ?? (err instanceof Error ? err.message : String(err));
    return { id, ok: false, error: `No se puede restaurar esta copia: ${detail} No se cambió nada.` };
  }
  const rows = Object.fromEntries(Object.entries(manifest.tables).map(([name, t]) => [name, t.rows]));
  return {
    id,
    ok: true,
    createdAt: manifest.createdAt,
    counts: countsOf(rows, manifest.files.count),
    uploaded: chosen.uploaded,
  };
}
