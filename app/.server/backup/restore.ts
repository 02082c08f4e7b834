import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { blankClusterImage, migrationsFolder, openPostgres, pgliteClusterExists } from "../db/client";
import { acquireDirLock } from "../db/dir-lock";
import { DrizzlePGlite } from "../db/pglite";
import { makeOwnerOnly } from "../owner-only";
import { BUCKETS, type Bucket, type Storage } from "../storage/storage";
import { isWebp, storedFileType } from "../storage/stored-files";
import { ArchiveError, type ExtractedArchive, extractArchive } from "./archive";
import type { Manifest } from "./manifest";
import { knownMigrations, migrationLevel } from "./migrations";
import { compareDigests, type Query, tableDigests } from "./tables";

/**
 * `npm run restore -- FILE`: an archive into an empty embedded folder or an empty Postgres
 * database, files included; the manifest's rows and checksums are checked after loading, and a
 * backup from an older version gets the newer migrations. Moving from the embedded database to
 * Postgres is this same restore with DATABASE_URL set (docs/deploy.md).
 */

export type RestoreTarget = { engine: "pglite"; dataDir: string } | { engine: "postgres"; url: string };

export type RestoreOptions = {
  file: string;
  target: RestoreTarget;
  storage: Storage;
  /**
   * Replace a database or files that are already there: the embedded folder and local files are
   * set aside (and put back if the restore fails); a Postgres database is emptied.
   */
  force?: boolean;
  log?: (line: string) => void;
};

export type RestoreReport = {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
  migrationsApplied: number;
  /** Where --force put what was there before (embedded database, local files). */
  setAside: string[];
};

/** Why a restore did not start or did not finish: a sentence for the person at the terminal. */
export class RestoreError extends Error {}

export async function restoreBackup(opts: RestoreOptions): Promise<RestoreReport> {
  const log = opts.log ?? (() => {});
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "minimarket-restore-"));
  let releaseLock = () => {};
  const moved: SetAside[] = [];
  try {
    log(`Leyendo ${path.basename(opts.file)}...`);
    const archive = await openVerifiedArchive(opts.file, tmp);
    const { manifest } = archive;
    log(
      `Copia del ${manifest.createdAt} (versión ${manifest.app.version}, migración ${manifest.database.migrations.last ?? "ninguna"}): ` +
        `${Object.keys(manifest.tables).length} tablas, ${manifest.files.count} archivos. Archivo íntegro.`,
    );

    if (opts.target.engine === "pglite") {
      fs.mkdirSync(opts.target.dataDir, { recursive: true });
      releaseLock = await acquireDirLock(opts.target.dataDir, { waitMs: 0 }).catch((err: Error) => {
        throw new RestoreError(`${err.message} (detén el servidor antes de restaurar).`);
      });
    }
    await checkTargetEmpty(opts, moved);
    await checkStorageEmpty(opts, moved);

    const sql = fs.readFileSync(archive.databaseFile, "utf8");
    log("Cargando la base de datos...");
    const loaded =
      opts.target.engine === "pglite"
        ? await loadIntoPglite(opts.target.dataDir, sql, manifest)
        : await loadIntoPostgres(opts.target.url, sql, manifest);
    const rows = Object.values(manifest.tables).reduce((a, t) => a + t.rows, 0);
    log(
      `Base de datos verificada: ${Object.keys(manifest.tables).length} tablas y ${rows} filas idénticas a la copia.`,
    );
    if (loaded.migrationsApplied > 0)
      log(`Aplicadas ${loaded.migrationsApplied} migraciones más nuevas que la copia.`);

    log(`Restaurando ${manifest.files.count} archivos...`);
    await restoreFiles(opts.storage, archive);
    log(`Archivos verificados: ${manifest.files.count} idénticos a la copia.`);
    // A restored cluster's files are made readable to everyone by PGlite (owner-only.ts).
    if (opts.target.engine === "pglite") makeOwnerOnly(opts.target.dataDir);
    if (opts.storage.spec.kind === "local") makeOwnerOnly(opts.storage.spec.root);
    return {
      manifest,
      tables: Object.keys(manifest.tables).length,
      rows,
      files: manifest.files.count,
      migrationsApplied: loaded.migrationsApplied,
      setAside: moved.map((m) => m.aside),
    };
  } catch (err) {
    // What --force set aside goes back where it was: a failed restore leaves the data as it found it.
    if (moved.length > 0) {
      putBack(moved);
      log("La restauración falló: los datos que había se dejaron como estaban.");
    }
    throw err;
  } finally {
    releaseLock();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Reads and checks a whole archive without changing anything (the dashboard asks this before it
 * offers a restore): ours, not cut short, every checksum matching its manifest, nothing but the
 * pictures the site stores, not from a newer version. Answers its manifest; throws ArchiveError or
 * RestoreError with the reason in words.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "minimarket-verify-"));
  try {
    return (await openVerifiedArchive(file, tmp)).manifest;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Extracts `file` into `dir` and checks it (checkArchive): what a restore loads from. */
async function openVerifiedArchive(file: string, dir: string): Promise<ExtractedArchive> {
  if (!fs.existsSync(file)) throw new RestoreError(`No existe el archivo ${file}.`);
  const archive = await extractArchive(file, dir);
  checkArchive(archive);
  return archive;
}

/** A folder --force moved out of the way: `from` was renamed to `aside`. */
type SetAside = { from: string; aside: string };

/** Undoes the set-asides: what the failed restore wrote is removed, the old folder renamed back. */
function putBack(moved: SetAside[]): void {
  for (const { from, aside } of moved.reverse()) {
    fs.rmSync(from, { recursive: true, force: true });
    fs.renameSync(aside, from);
  }
}

/** The archive is whole: the dump's and every file's checksum match its manifest. */
function checkArchive(archive: ExtractedArchive): void {
  const { manifest } = archive;
  if (archive.databaseSha256 !== manifest.database.sha256)
    throw new ArchiveError("La base de datos de la copia está dañada (su suma de control no coincide).");
  const bad = manifest.files.list.filter((f) => archive.files.get(f.path)?.sha256 !== f.sha256);
  if (bad.length > 0)
    throw new ArchiveError(
      `${bad.length} archivos de la copia faltan o están dañados (por ejemplo ${bad[0]?.path}).`,
    );
  // Only what uploads store: an HTML or SVG file put into an archive would be served as the site.
  const foreign = manifest.files.list.find((f) => !isStoredPicture(f.path, archive.files.get(f.path)?.file));
  if (foreign)
    throw new ArchiveError(
      `La copia contiene un archivo que el sitio no pudo haber guardado (${foreign.path}): solo se restauran las imágenes WebP que el sitio crea.`,
    );
  const when = manifest.database.migrations.when;
  if (when !== null && !knownMigrations().some((m) => m.when === when))
    throw new RestoreError(
      `La copia es de una versión más nueva del sitio (${manifest.app.version}, migración ${manifest.database.migrations.last}): actualiza el código antes de restaurarla.`,
    );
}

/** A WebP picture by its name and its first bytes, as ../storage/images.ts stores every one. */
function isStoredPicture(name: string, file: string | undefined): boolean {
  if (!file || !storedFileType(name)) return false;
  const head = Buffer.alloc(12);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, 12, 0);
  } finally {
    fs.closeSync(fd);
  }
  return isWebp(head);
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

async function checkTargetEmpty(opts: RestoreOptions, setAside: SetAside[]): Promise<void> {
  const t = opts.target;
  if (t.engine === "pglite") {
    if (!pgliteClusterExists(t.dataDir)) return;
    if (!opts.force)
      throw new RestoreError(
        `Ya hay una base de datos en ${t.dataDir}. Restaura en una carpeta vacía (DATA_DIR) o usa --force para reemplazarla (la actual se guarda aparte).`,
      );
    const from = path.join(t.dataDir, "pglite");
    const aside = path.join(t.dataDir, `pglite.antes-de-restaurar-${stamp()}`);
    fs.renameSync(from, aside);
    setAside.push({ from, aside });
    return;
  }
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>(
      "select count(*)::text as n from pg_tables where schemaname in ('public', 'drizzle')",
    );
    if (Number(r.rows[0]?.n ?? 0) === 0) return;
    if (!opts.force)
      throw new RestoreError(
        "La base de datos de DATABASE_URL no está vacía. Restaura en una base vacía o usa --force para borrar lo que tiene.",
      );
    await client.query(
      "drop schema if exists drizzle cascade; drop schema public cascade; create schema public;",
    );
  } finally {
    await client.end();
  }
}

async function checkStorageEmpty(opts: RestoreOptions, setAside: SetAside[]): Promise<void> {
  let found = false;
  for (const bucket of BUCKETS) {
    for await (const _ of opts.storage.list(bucket)) {
      found = true;
      break;
    }
    if (found) break;
  }
  if (!found) return;
  if (!opts.force)
    throw new RestoreError(
      "Ya hay archivos guardados (imágenes). Restaura con un almacenamiento vacío o usa --force para reemplazarlos.",
    );
  const spec = opts.storage.spec;
  if (spec.kind === "local" && fs.existsSync(spec.root)) {
    const aside = `${spec.root}.antes-de-restaurar-${stamp()}`;
    fs.renameSync(spec.root, aside);
    setAside.push({ from: spec.root, aside });
  }
}

/**
 * The dump as one simple query. Lines a target cannot take are dropped: psql's `\restrict`
 * (pg_dump ≥ 17.6 writes it; only psql understands it) and, on a server older than 17,
 * `SET transaction_timeout` (pg_dump 17+ writes it; PGlite's dump comes from PostgreSQL 18).
 */
function prepareSql(sql: string, serverVersionNum: number): string {
  let out = sql.replace(/^\\(?:un)?restrict\b.*$/gm, "");
  if (serverVersionNum < 170000) out = out.replace(/^SET transaction_timeout = .*;$/gm, "");
  return out;
}

async function verifyLoaded(query: Query, manifest: Manifest): Promise<void> {
  // The dump empties search_path for itself; the checks and migrations use the usual one.
  await query("reset search_path");
  const bad = compareDigests(manifest.tables, await tableDigests(query));
  if (bad.length > 0)
    throw new RestoreError(
      `La base restaurada no coincide con el manifiesto en ${bad.length} tablas (${bad.slice(0, 5).join(", ")}).`,
    );
}

async function loadIntoPglite(dataDir: string, sql: string, manifest: Manifest) {
  const client = new DrizzlePGlite(path.join(dataDir, "pglite"), { loadDataDir: blankClusterImage(dataDir) });
  try {
    await client.waitReady;
    const [v] = (await client.query<{ n: string }>("select current_setting('server_version_num') as n")).rows;
    await client.exec(prepareSql(sql, Number(v?.n ?? 0)));
    const query: Query = async (q) => (await client.query(q)).rows as never[];
    await verifyLoaded(query, manifest);
    const before = (await migrationLevel(query)).applied;
    await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
    const after = (await migrationLevel(query)).applied;
    return { migrationsApplied: after - before };
  } finally {
    await client.close();
  }
}

async function loadIntoPostgres(url: string, sql: string, manifest: Manifest) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const v = await client.query<{ n: string }>("select current_setting('server_version_num') as n");
    await client.query(prepareSql(sql, Number(v.rows[0]?.n ?? 0)));
    const query: Query = async (q) => (await client.query(q)).rows;
    await verifyLoaded(query, manifest);
  } finally {
    await client.end();
  }
  // The site's own start-up path: migrations under the advisory lock.
  const handle = await openPostgres(url, { max: 1 });
  await handle.close();
  return { migrationsApplied: handle.migrationsApplied ?? 0 };
}

/** Every file of the manifest into the storage, then read back and checksummed. */
async function restoreFiles(storage: Storage, archive: ExtractedArchive): Promise<void> {
  const list = archive.manifest.files.list;
  const split = (p: string) => {
    const i = p.indexOf("/");
    const bucket = p.slice(0, i) as Bucket;
    if (!BUCKETS.includes(bucket))
      throw new ArchiveError(`Archivo de un almacén desconocido en la copia: ${p}`);
    return { bucket, key: p.slice(i + 1) };
  };
  let next = 0;
  // A few at a time: S3 round trips dominate, local disk does not mind.
  const worker = async () => {
    for (;;) {
      const f = list[next++];
      if (!f) return;
      const { bucket, key } = split(f.path);
      const extracted = archive.files.get(f.path);
      if (!extracted) throw new ArchiveError(`Falta ${f.path} en la copia.`);
      const body = fs.readFileSync(extracted.file);
      await storage.put(bucket, key, body, storedFileType(key) ?? "application/octet-stream");
      const back = await storage.get(bucket, key);
      if (!back || createHash("sha256").update(back).digest("hex") !== f.sha256)
        throw new RestoreError(`El archivo ${f.path} no quedó igual que en la copia.`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}
