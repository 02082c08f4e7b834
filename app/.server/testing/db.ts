import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DbHandle, openPglite, openPostgres } from "../db/client";
import { createLogger } from "../logger";

export const testLogger = createLogger("silent");
export const onPostgres = !!process.env.TEST_DATABASE_URL;

export type TestDbHandle = DbHandle & { url?: string };

/**
 * A fresh, migrated database: in-memory PGlite by default, or a new database on the server
 * named by TEST_DATABASE_URL (dropped again by `close`). A test file gets one with
 * setupTestDatabase (./setup.ts); call this directly for a second database inside a test.
 */
export async function createTestDb(): Promise<TestDbHandle> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openPglite();
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { max: 5 });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
