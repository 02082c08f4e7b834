import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { isAlive } from "../db/dir-lock";
import { type BackupKind, type BackupStatus, backups } from "../db/schema";
import { pgErrorCode } from "../errors";
import { readManifest } from "./archive";
import { ARCHIVE_NAME, type BackupSummary, summarize } from "./manifest";

/**
 * The catalogue of backups: one row per archive, in the database so every instance lists the same
 * backups, shows a running backup's progress and takes each scheduled day once (unique slot).
 */

export type BackupRow = {
  id: string;
  fileName: string;
  kind: BackupKind;
  status: BackupStatus;
  phase: string | null;
  progress: number;
  host: string;
  dir: string;
  startedAt: Date;
  finishedAt: Date | null;
  sizeBytes: number | null;
  summary: BackupSummary | null;
  s3Key: string | null;
  error: string | null;
  actorName: string | null;
};

export const thisHost = () => os.hostname();

const columns = {
  id: backups.id,
  fileName: backups.fileName,
  kind: backups.kind,
  status: backups.status,
  phase: backups.phase,
  progress: backups.progress,
  host: backups.host,
  dir: backups.dir,
  startedAt: backups.startedAt,
  finishedAt: backups.finishedAt,
  sizeBytes: backups.sizeBytes,
  summary: backups.summary,
  s3Key: backups.s3Key,
  error: backups.error,
  actorName: backups.actorName,
};

const asRow = (r: Omit<BackupRow, "summary"> & { summary: unknown }): BackupRow => ({
  ...r,
  summary: (r.summary as BackupSummary | null) ?? null,
});

/**
 * A new running backup's row; null when `slot` is already taken (another instance, or an earlier
 * run, has that day's scheduled backup).
 */
export async function insertBackupRow(
  db: Db,
  row: { fileName: string; kind: BackupKind; slot?: string; dir: string; actorName: string | null },
): Promise<string | null> {
  const [inserted] = await db
    .insert(backups)
    .values({ ...row, slot: row.slot ?? null, host: thisHost(), pid: process.pid, phase: "database" })
    .onConflictDoNothing()
    .returning({ id: backups.id });
  return inserted?.id ?? null;
}

export async function updateBackupRow(
  db: Db,
  id: string,
  patch: Partial<{
    status: BackupStatus;
    phase: string | null;
    progress: number;
    finishedAt: Date;
    sizeBytes: number;
    summary: BackupSummary;
    s3Key: string | null;
    error: string | null;
  }>,
): Promise<void> {
  await db
    .update(backups)
    .set(patch as Record<string, unknown>)
    .where(eq(backups.id, id));
}

export async function listBackups(db: Db, limit = 200): Promise<BackupRow[]> {
  const rows = await db.select(columns).from(backups).orderBy(desc(backups.startedAt)).limit(limit);
  return rows.map(asRow);
}

export async function getBackup(db: Db, id: string): Promise<BackupRow | null> {
  const [row] = await db.select(columns).from(backups).where(eq(backups.id, id));
  return row ? asRow(row) : null;
}

/** A running backup older than this is not running any more, whatever its process id says. */
const STALE_MS = 6 * 3600_000;

/**
 * Running rows of this machine that no process is writing (killed mid-backup) become failed:
 * their partial file never became an archive. `running`: this process's own backups in progress.
 */
export async function markInterrupted(db: Db, running: ReadonlySet<string>): Promise<number> {
  const rows = await db
    .select({ id: backups.id, pid: backups.pid, startedAt: backups.startedAt })
    .from(backups)
    .where(and(eq(backups.status, "running"), eq(backups.host, thisHost())));
  const dead = rows.filter(
    (r) =>
      !running.has(r.id) &&
      (r.pid === process.pid || !isAlive(r.pid) || Date.now() - r.startedAt.getTime() > STALE_MS),
  );
  if (dead.length === 0) return 0;
  await db
    .update(backups)
    .set({
      status: "failed",
      error: "Interrumpida: el proceso terminó antes de acabar.",
      finishedAt: new Date(),
    })
    .where(
      inArray(
        backups.id,
        dead.map((r) => r.id),
      ),
    );
  return dead.length;
}

/**
 * The finished backups past the newest `keep` of their group (the daily ones; the rest), oldest
 * first: retention removes them.
 */
export async function backupsPastRetention(db: Db, keep: number): Promise<BackupRow[]> {
  const done = await db
    .select(columns)
    .from(backups)
    .where(eq(backups.status, "done"))
    .orderBy(desc(backups.startedAt));
  const daily = done.filter((r) => r.kind === "scheduled").slice(keep);
  const other = done.filter((r) => r.kind !== "scheduled").slice(keep);
  return [...daily, ...other].map(asRow);
}

export async function deleteBackupRow(db: Db, id: string): Promise<void> {
  await db.delete(backups).where(eq(backups.id, id));
}

/** Failed rows older than the newest `keep` failures go (a failed backup has no archive). */
export async function pruneFailed(db: Db, keep: number): Promise<void> {
  const failed = await db
    .select({ id: backups.id })
    .from(backups)
    .where(and(eq(backups.status, "failed"), ne(backups.kind, "pre-migration")))
    .orderBy(desc(backups.startedAt))
    .offset(keep);
  if (failed.length > 0)
    await db.delete(backups).where(
      inArray(
        backups.id,
        failed.map((r) => r.id),
      ),
    );
}

/**
 * Archives in `dir` the catalogue does not list (after a restore, whose database starts with an
 * empty list, or copies put there by hand) get a row from their manifest. Unreadable files are skipped.
 */
export async function registerArchives(db: Db, dir: string): Promise<number> {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => ARCHIVE_NAME.test(n));
  } catch {
    return 0;
  }
  const known = new Set((await db.select({ f: backups.fileName }).from(backups)).map((r) => r.f));
  let added = 0;
  for (const name of names.filter((n) => !known.has(n))) {
    const file = path.join(dir, name);
    try {
      const manifest = await readManifest(file);
      const kind = (["scheduled", "manual", "command", "pre-migration"] as const).find(
        (k) => k === manifest.kind,
      );
      await db
        .insert(backups)
        .values({
          fileName: name,
          kind: kind ?? "command",
          status: "done",
          progress: 100,
          host: thisHost(),
          pid: process.pid,
          dir,
          startedAt: new Date(manifest.createdAt),
          finishedAt: fs.statSync(file).mtime,
          sizeBytes: fs.statSync(file).size,
          summary: summarize(manifest),
        })
        .onConflictDoNothing();
      added++;
    } catch {
      // Not readable as one of our archives: leave it alone.
    }
  }
  return added;
}

/** Whether the catalogue table exists yet (a start about to migrate may run before it does). */
export function isMissingTable(err: unknown): boolean {
  return pgErrorCode(err) === "42P01";
}
