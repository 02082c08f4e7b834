import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PGLITE_EXTENSIONS } from "../db/pglite";
import { createLocalStorage } from "../storage/local";
import { createS3Storage } from "../storage/s3";
import { BUCKETS, type Storage, type StorageSpec } from "../storage/storage";
import { createArchive } from "./archive";
import { dumpPglite, dumpPostgres } from "./dump";
import { DATABASE_ENTRY, FILES_PREFIX, type FileDigest, MANIFEST_FORMAT, type Manifest } from "./manifest";
import { migrationLevel } from "./migrations";
import { type OffsiteOptions, uploadArchive } from "./offsite";
import { type Query, tableDigests } from "./tables";

/**
 * The backup's heavy work, in a process of its own (docs/decisions/0019-backups.md): pg_dump in
 * WebAssembly runs synchronously and would stall the site's event loop for seconds, and the
 * archive's hashing and gzip would take the site's CPU. The server starts this process niced,
 * hands it a consistent snapshot and renames its output into place only when it reports success.
 */

export type WorkerInput = {
  source: { engine: "pglite"; snapshotFile: string } | { engine: "postgres"; url: string };
  storage: StorageSpec;
  /** Where to write the archive (a hidden partial name, renamed by the parent). */
  outFile: string;
  /** The archive's final name (the off-site copy's key). */
  name: string;
  kind: string;
  /** The manifest's reason (manifest.ts), if any. */
  reason?: string;
  createdAt: string;
  app: { name: string; version: string };
  offsite: OffsiteOptions | null;
};

export type WorkerMessage =
  | { type: "progress"; phase: "database" | "files" | "archive" | "offsite"; progress: number }
  | { type: "done"; manifest: Manifest; bytes: number; s3Key: string | null; offsiteError: string | null }
  | { type: "error"; message: string };

/** The storage a spec names, opened again in another process (the backup and restore workers). */
export function storageOf(spec: StorageSpec): Storage {
  return spec.kind === "local" ? createLocalStorage(spec.root) : createS3Storage(spec.options);
}

/** Dumps the database and counts its rows in one snapshot. */
async function dumpDatabase(input: WorkerInput, sqlFile: string) {
  if (input.source.engine === "pglite") {
    // A copy of the server's files taken at one instant: opening it replays the WAL like a
    // restart after a crash would, so it holds exactly the committed transactions.
    const blob = await fs.openAsBlob(input.source.snapshotFile);
    const db = await PGlite.create({ loadDataDir: blob, extensions: PGLITE_EXTENSIONS });
    try {
      const query: Query = async (sql) => (await db.query(sql)).rows as never[];
      const tables = await tableDigests(query);
      const migrations = await migrationLevel(query);
      const [v] = await query<{ v: string }>("show server_version");
      const { dumpedBy } = await dumpPglite(db, sqlFile);
      return { tables, migrations, serverVersion: v?.v ?? "?", dumpedBy };
    } finally {
      await db.close();
    }
  }
  const client = new pg.Client({ connectionString: input.source.url });
  await client.connect();
  try {
    const query: Query = async (sql) => (await client.query(sql)).rows;
    await query("begin isolation level repeatable read read only");
    const [snap] = await query<{ id: string }>("select pg_export_snapshot() as id");
    const [v] = await query<{ v: string; n: string }>(
      "select current_setting('server_version') as v, current_setting('server_version_num') as n",
    );
    const dumped = dumpPostgres(input.source.url, {
      snapshot: snap?.id ?? "",
      serverMajor: Math.floor(Number(v?.n ?? 0) / 10000),
      outFile: sqlFile,
    });
    dumped.catch(() => {});
    const tables = await tableDigests(query);
    const migrations = await migrationLevel(query);
    const { dumpedBy } = await dumped;
    await query("commit");
    return { tables, migrations, serverVersion: v?.v ?? "?", dumpedBy };
  } finally {
    await client.end();
  }
}

export async function runWorker(input: WorkerInput, emit: (m: WorkerMessage) => void): Promise<void> {
  const sqlFile = `${input.outFile}.sql`;
  const archive = createArchive(input.outFile);
  try {
    emit({ type: "progress", phase: "database", progress: 2 });
    const db = await dumpDatabase(input, sqlFile);
    const dump = await archive.addFile(DATABASE_ENTRY, sqlFile);
    await fs.promises.rm(sqlFile, { force: true });
    emit({ type: "progress", phase: "files", progress: 40 });

    const storage = storageOf(input.storage);
    const objects: { bucket: string; key: string }[] = [];
    for (const bucket of BUCKETS)
      for await (const o of storage.list(bucket)) objects.push({ bucket, key: o.key });
    const files: FileDigest[] = [];
    let lastShown = 0;
    for (const [i, o] of objects.entries()) {
      // A file removed after the database snapshot belongs to a row the snapshot may still have:
      // it is gone for good, so the backup cannot hold it either (the manifest lists what it holds).
      const body = await storage.get(o.bucket as (typeof BUCKETS)[number], o.key);
      if (!body) continue;
      const p = `${o.bucket}/${o.key}`;
      const sha256 = await archive.add(`${FILES_PREFIX}${p}`, body);
      files.push({ path: p, bytes: body.length, sha256 });
      const progress = 40 + Math.floor((55 * (i + 1)) / objects.length);
      if (progress !== lastShown) {
        lastShown = progress;
        emit({ type: "progress", phase: "files", progress });
      }
    }

    emit({ type: "progress", phase: "archive", progress: 96 });
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      app: input.app,
      createdAt: input.createdAt,
      kind: input.kind,
      ...(input.reason ? { reason: input.reason } : {}),
      database: {
        engine: input.source.engine,
        serverVersion: db.serverVersion,
        dumpedBy: db.dumpedBy,
        bytes: dump.bytes,
        sha256: dump.sha256,
        migrations: db.migrations,
      },
      tables: db.tables,
      files: { count: files.length, bytes: files.reduce((a, f) => a + f.bytes, 0), list: files },
    };
    await archive.finish(manifest);
    const bytes = (await fs.promises.stat(input.outFile)).size;

    let s3Key: string | null = null;
    let offsiteError: string | null = null;
    if (input.offsite) {
      emit({ type: "progress", phase: "offsite", progress: 98 });
      try {
        s3Key = await uploadArchive(input.offsite, input.outFile, input.name);
      } catch (err) {
        offsiteError = (err as Error).message;
      }
    }
    emit({ type: "done", manifest, bytes, s3Key, offsiteError });
  } catch (err) {
    archive.abort();
    await fs.promises.rm(sqlFile, { force: true });
    await fs.promises.rm(input.outFile, { force: true });
    throw err;
  }
}
