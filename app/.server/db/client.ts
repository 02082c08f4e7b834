import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Logger } from "../logger";
import { acquireDirLock } from "./dir-lock";
import { DrizzlePGlite } from "./pglite";
import * as schema from "./schema";

/** The one database handle the app uses, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DbHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Present on Postgres: used by the event bus for LISTEN/NOTIFY. */
  pool?: pg.Pool;
  /** Present on PGlite: used by the test hooks to simulate an outage. */
  pglite?: PGlite;
  /** Present on Postgres: its connection URL (the backup's pg_dump connects with it). */
  url?: string;
  /** Present on Postgres: how many migrations this process applied at start-up (0: already up to date). */
  migrationsApplied?: number;
  close(): Promise<void>;
};

export function findProjectRoot(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    if (fs.existsSync(path.join(dir, "package.json")) && fs.existsSync(path.join(dir, "drizzle"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const migrationsFolder = () => path.join(findProjectRoot(), "drizzle");

/** The migrations this version of the site ships (drizzle/meta/_journal.json), oldest first. */
export function journalEntries(): { idx: number; when: number; tag: string }[] {
  const file = path.join(migrationsFolder(), "meta", "_journal.json");
  return (
    JSON.parse(fs.readFileSync(file, "utf8")) as { entries: { idx: number; when: number; tag: string }[] }
  ).entries;
}

/**
 * Called by a start that is about to apply migrations to a database that already has some (not a
 * new one): the server backs it up first (app/.server/backup/, BACKUP_BEFORE_MIGRATIONS). `handle`
 * reaches the database before the migrations; it is not to be closed.
 */
export type BeforeMigrate = (info: { applied: number; pending: number; handle: DbHandle }) => Promise<void>;

export type OpenOptions = {
  /** False: open as it is, without migrating (the backup command must not change what it saves). */
  migrate?: boolean;
  beforeMigrate?: BeforeMigrate;
};

/** Whether `dataDir` already holds the embedded database (false: the next open creates it). */
export function pgliteClusterExists(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"));
}

/**
 * The files a new cluster starts from, when the environment names an image of them: PGlite makes a
 * cluster with initdb, 5–8 CPU-seconds on a 2-core machine, and a restore or a new DATA_DIR makes
 * one each. The test runs, which make dozens, keep one image of initdb's output per PGlite version
 * and name it in PGLITE_BLANK_IMAGE (scripts/test-cache.mjs); a new cluster then starts as a copy of
 * it, which is what PGlite does with initdb's output anyway. Unset (production): initdb, as always.
 * `dataDir` undefined is an in-memory database, always new.
 */
export function blankClusterImage(dataDir?: string): Blob | undefined {
  const file = blankImageFile(dataDir);
  return file ? new Blob([new Uint8Array(fs.readFileSync(file))]) : undefined;
}

/** The path of that image when a new cluster in `dataDir` would start from it. */
function blankImageFile(dataDir?: string): string | undefined {
  const file = process.env.PGLITE_BLANK_IMAGE;
  return !file || (dataDir && pgliteClusterExists(dataDir)) ? undefined : file;
}

/**
 * Opens the embedded PGlite database. `dataDir` undefined means in memory (tests). A new folder's
 * cluster is created in a short-lived child process, unless `createInProcess` (a process that is
 * itself short-lived: the server's first-start seeding, see server/index.ts).
 */
export async function openPglite(
  dataDir?: string,
  opts: { createInProcess?: boolean; loadDataDir?: Blob } & OpenOptions = {},
): Promise<DbHandle> {
  let releaseLock = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = await acquireDirLock(dataDir);
  }
  const dir = dataDir ? path.join(dataDir, "pglite") : undefined;
  if (dataDir && dir && !opts.createInProcess && !pgliteClusterExists(dataDir))
    await createPgliteCluster(dir, blankImageFile(dataDir));
  // loadDataDir: an in-memory database starts as a copy of a folder image (the tests' template).
  const client = new DrizzlePGlite(dir, {
    startParams: PGLITE_START_PARAMS,
    loadDataDir: opts.loadDataDir ?? blankClusterImage(dataDir),
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (opts.migrate !== false) {
    if (opts.beforeMigrate) {
      const applied = Number(
        (
          await client.query<{ n: string }>(
            "select case when to_regclass('drizzle.__drizzle_migrations') is null then '0' else (select count(*)::text from drizzle.__drizzle_migrations) end as n",
          )
        ).rows[0]?.n ?? 0,
      );
      const pending = journalEntries().length - applied;
      if (applied > 0 && pending > 0)
        await opts.beforeMigrate({
          applied,
          pending,
          handle: { db, kind: "pglite", pglite: client, close: async () => {} },
        });
    }
    await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
  }
  // PGlite has no autovacuum, so nothing else ever gathers the planner's statistics: without them
  // it guesses a filter keeps a few rows, and the chat inbox's first page joined and sorted every
  // open conversation instead of walking its index (12 ms instead of 4 with 10,000 of them;
  // docs/decisions/0024-staff-lists.md). Once a start, on a shop's database: tens of ms.
  if (dataDir && opts.migrate !== false) await client.exec("analyze");
  return {
    db,
    kind: "pglite",
    pglite: client,
    async close() {
      if (!client.closed) await client.close();
      releaseLock();
    },
  };
}

/**
 * PGlite's own start parameters with a smaller page cache: its default 128 MB of shared buffers
 * ends up resident in the WebAssembly memory, which never shrinks, while the shop's database is a
 * few MB and the operating system caches the files behind it. WAL and durability are unchanged.
 * (docs/decisions/0017-memory.md)
 *
 * random_page_cost 1.1 (the usual value for local SSDs; the default 4 prices a disk seek): PGlite
 * has no autovacuum, so its tables are never analyzed, and without statistics the planner guesses
 * a filtered list is a few rows and sorts all 10,000 of them rather than walking the list's index
 * (the chat inbox's page took 12 ms instead of 4; docs/decisions/0016-rendering-costs-and-fonts.md).
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  "-c",
  "shared_buffers=16MB",
  "-c",
  "random_page_cost=1.1",
];

/**
 * Creates a new database folder and its tables in a short-lived child process: creating the
 * cluster (initdb) and the first migrations grow the WebAssembly memory by ~450 MB, which a process
 * can never give back.
 */
async function createPgliteCluster(dir: string, image?: string): Promise<void> {
  const code = [
    'const { PGlite } = await import("@electric-sql/pglite");',
    // The same extensions as PGLITE_EXTENSIONS (./pglite.ts).
    'const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");',
    'const { drizzle } = await import("drizzle-orm/pglite");',
    'const { migrate } = await import("drizzle-orm/pglite/migrator");',
    // A copy of initdb's output when there is an image of it (blankClusterImage).
    'const { readFileSync } = await import("node:fs");',
    "const image = process.argv[3];",
    "const loadDataDir = image ? new Blob([readFileSync(image)]) : undefined;",
    "const client = new PGlite(process.argv[1], { extensions: { pg_trgm }, loadDataDir });",
    "await migrate(drizzle(client), { migrationsFolder: process.argv[2] });",
    "await client.close();",
  ].join("\n");
  const args = [dir, migrationsFolder(), ...(image ? [image] : [])];
  await promisify(execFile)(process.execPath, ["--input-type=module", "-e", code, ...args], {
    cwd: findProjectRoot(),
  });
}

/**
 * Connects to a real Postgres server and runs the migrations under an advisory lock.
 *
 * The server may restart or drop connections at any time (maintenance, failover, a crash). A pg
 * client whose connection breaks emits 'error', and an 'error' event nobody listens to ends the
 * process: the pool listens on its idle clients only, so every client gets a listener of its own
 * for its whole life, checked out in a transaction or not. Its query in flight fails (the request
 * answers 503, see errors.ts), the pool drops it, and the next query connects again.
 */
export async function openPostgres(
  url: string,
  opts: { max?: number; logger?: Pick<Logger, "warn"> } & OpenOptions = {},
): Promise<DbHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    // A server that does not answer (a network partition, not a refusal) fails the request
    // instead of holding it; keep-alive finds connections that died without a word.
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
  });
  const lost = connectionLossReporter(opts.logger);
  pool.on("connect", (client) => client.on("error", lost));
  // An idle client died (server restart); the pool replaces it on next use.
  pool.on("error", lost);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (opts.migrate === false) return { db, kind: "postgres", pool, url, close: () => pool.end() };
  const lockClient = await pool.connect();
  let migrationsApplied = 0;
  try {
    // Several instances may start at once: only one migrates at a time, the others then find
    // nothing left to apply.
    await lockClient.query("select pg_advisory_lock(7355608)");
    const before = await countAppliedMigrations(lockClient);
    const pending = journalEntries().length - before;
    if (opts.beforeMigrate && before > 0 && pending > 0)
      await opts.beforeMigrate({
        applied: before,
        pending,
        handle: { db, kind: "postgres", pool, url, close: async () => {} },
      });
    await migratePg(drizzlePg(lockClient), { migrationsFolder: migrationsFolder() });
    migrationsApplied = (await countAppliedMigrations(lockClient)) - before;
  } finally {
    await lockClient.query("select pg_advisory_unlock(7355608)").catch(() => {});
    lockClient.release();
  }
  return {
    db,
    kind: "postgres",
    pool,
    url,
    migrationsApplied,
    async close() {
      await pool.end();
    },
  };
}

/** Logs lost connections once per burst: a restart breaks every connection of the pool at once. */
function connectionLossReporter(logger?: Pick<Logger, "warn">) {
  let last = 0;
  return (err: Error) => {
    if (!logger || Date.now() - last < 5000) return;
    last = Date.now();
    logger.warn({ err }, "database: connection lost; the next query reconnects");
  };
}

/** Rows in drizzle's own journal table (0 before the first migration created it). */
async function countAppliedMigrations(client: pg.PoolClient): Promise<number> {
  const exists = await client.query<{ t: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as t",
  );
  if (!exists.rows[0]?.t) return 0;
  const r = await client.query<{ n: string }>("select count(*)::text as n from drizzle.__drizzle_migrations");
  return Number(r.rows[0]?.n ?? 0);
}

export function openDatabase(
  opts: {
    databaseUrl?: string;
    dataDir: string;
    createInProcess?: boolean;
    logger?: Pick<Logger, "warn">;
  } & OpenOptions,
): Promise<DbHandle> {
  const { databaseUrl, dataDir, logger, ...rest } = opts;
  return databaseUrl ? openPostgres(databaseUrl, { logger, ...rest }) : openPglite(dataDir, rest);
}

/** Rows of a raw `db.execute(sql...)` result (same shape on PGlite and node-postgres). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
