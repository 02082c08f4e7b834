import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { cachedEntry, hashOfFiles } from "../../../scripts/test-cache.mjs";
import { defined } from "../../test/defined";
import { type DbHandle, findProjectRoot, migrationsFolder, openPglite, openPostgres } from "../db/client";
import { createLogger } from "../logger";

export const testLogger = createLogger("silent");
export const onPostgres = !!process.env.TEST_DATABASE_URL;

export type TestDbHandle = DbHandle & { url?: string };

/**
 * A fresh, migrated database: in-memory PGlite by default, or a new database on the server
 * named by TEST_DATABASE_URL (dropped again by `close`). A test file gets one with
 * setupTestDatabase (./setup.ts); call this directly for a second database inside a test.
 *
 * Both are copies of one migrated template made once per change of the migrations
 * (scripts/test-cache.mjs): a PGlite folder image loaded into memory, a Postgres database
 * created `TEMPLATE` it. Creating and migrating a database for each of ~60 test files was a
 * fifth of the unit tests' time; a copy takes half the CPU of a migration, and on Postgres a
 * fraction of it.
 */
export async function createTestDb(opts: { template?: string } = {}): Promise<TestDbHandle> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openPgliteCopy();
  const name = `test_${randomBytes(6).toString("hex")}`;
  await withAdmin(base, async (admin) => {
    await admin.query(
      `create database ${name} template ${opts.template ?? (await postgresTemplate(admin, base))}`,
    );
  });
  const url = databaseUrl(base, name);
  const handle = await openPostgres(url, { max: 5 });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await withAdmin(base, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** What the template is made from: a change of any migration, or of PGlite, makes a new one. */
const templateKey = () =>
  hashOfFiles([
    migrationsFolder(),
    path.join(findProjectRoot(), "node_modules/@electric-sql/pglite/package.json"),
  ]);

let pgliteImage: Promise<Blob> | undefined;

/** An in-memory PGlite loaded from the migrated template's folder image (read once per process). */
async function openPgliteCopy(): Promise<TestDbHandle> {
  pgliteImage ??= cachedEntry("pglite", templateKey(), async (file: string) => {
    const made = await openPglite();
    try {
      const image = await made.pglite?.dumpDataDir("none");
      if (!image) throw new Error("PGlite gave no folder image");
      fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    } finally {
      await made.close();
    }
  }).then((file) => new Blob([new Uint8Array(fs.readFileSync(file))]));
  const image = await pgliteImage;
  // Migrations find nothing to apply: the image is a migrated database.
  return openPglite(undefined, { loadDataDir: image });
}

async function withAdmin<T>(base: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * A template database `name` on the TEST_DATABASE_URL server, made once by `fill(url)` on a copy of
 * the migrated template. `present()` tells whether what goes with it outside the server (a folder)
 * is there too; if not, it is made again. Copy it with createTestDb({ template: name }).
 */
export async function postgresTemplateOf(
  name: string,
  fill: (url: string) => Promise<void>,
  present: () => boolean,
): Promise<void> {
  const base = defined(process.env.TEST_DATABASE_URL);
  await withAdmin(base, async (admin) => {
    const migrated = await postgresTemplate(admin, base);
    await buildTemplate(admin, name, present, async (building) => {
      await admin.query(`create database ${building} template ${migrated}`);
      await fill(databaseUrl(base, building));
    });
  });
}

/** The Postgres server's own identity (new with each cluster): for what is kept beside it. */
export async function postgresServerId(): Promise<string> {
  return withAdmin(defined(process.env.TEST_DATABASE_URL), async (admin) => {
    const r = await admin.query<{ id: string }>(
      "select system_identifier::text as id from pg_control_system()",
    );
    return defined(r.rows[0]).id;
  });
}

/**
 * The migrated template database on the server, made once per migration set. Nobody stays
 * connected to it (CREATE DATABASE … TEMPLATE refuses a template in use). Its name is on the
 * server, not in the cache folder: the Postgres cluster may be new while the folder is not.
 */
async function postgresTemplate(admin: pg.Client, base: string): Promise<string> {
  const name = `template_${templateKey()}`;
  const made = await buildTemplate(
    admin,
    name,
    () => true,
    async (building) => {
      await admin.query(`create database ${building}`);
      const opened = await openPostgres(databaseUrl(base, building), { max: 1 });
      await opened.close();
    },
  );
  if (made) {
    // Templates of earlier migration sets (a long-lived cluster of a developer's) go.
    const old = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'template\\_%' and datname <> $1",
      [name],
    );
    for (const { datname } of old.rows)
      await admin.query(`drop database if exists ${datname}`).catch(() => {});
  }
  return name;
}

/**
 * Makes the database `name` unless it exists (and `present()`): several test files at once, so one
 * makes it under a session lock (advisory locks nest within a session) and the others then find
 * it. `make` creates and fills `${name}_building`, renamed to `name` once whole: a database of that
 * name is always a whole template. Answers whether it was made now.
 */
async function buildTemplate(
  admin: pg.Client,
  name: string,
  present: () => boolean,
  make: (building: string) => Promise<void>,
): Promise<boolean> {
  const exists = async () =>
    (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
  if ((await exists()) && present()) return false;
  await admin.query("select pg_advisory_lock(7355610)");
  try {
    if ((await exists()) && present()) return false;
    const building = `${name}_building`;
    for (const db of [name, building]) await admin.query(`drop database if exists ${db} with (force)`);
    await make(building);
    await admin.query(`alter database ${building} rename to ${name}`);
    return true;
  } finally {
    await admin.query("select pg_advisory_unlock(7355610)");
  }
}

/** The URL of database `name` on the server of `base`. */
function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
