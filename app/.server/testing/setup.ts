import fs from "node:fs";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../db/client";
import { createEventBus, type EventBus } from "../events/bus";
import { seedDefaults } from "../seed";
import type { Storage } from "../storage/storage";
import { startTestApp, type TestApp } from "./app";
import { createTestDb, type TestDbHandle, testLogger } from "./db";
import { createTestStorage, removeDir, tempPath } from "./files";

/*
 * What a test file sets up once for all its tests and tears down after the last one. Call these at
 * the top of the file, or of a `describe` block for that block only:
 *
 *   const h = setupTestDatabase({ seed: true });  // h.db, h.handle; h.bus with { bus: true }
 *   const storage = setupTestStorage();           // local storage driver over a temp folder (storage.root)
 *   const app = setupTestApp();                   // our HTTP app on its own database and storage
 *
 * The database is in-memory PGlite, or a fresh database on the Postgres server named by
 * TEST_DATABASE_URL, dropped afterwards (see createTestDb). It and the app open in `beforeAll`:
 * read their handles inside tests and hooks, not while the file is being collected. Hooks a file
 * registers after these run after them (and its `afterAll` hooks before they close).
 */

/** Opens a value in `beforeAll`, closes it in `afterAll`, and returns its getter. */
function perFile<T>(what: string, open: () => Promise<T>, close: (value: T) => Promise<unknown>): () => T {
  let current: { value: T } | null = null;
  beforeAll(async () => {
    current = { value: await open() };
  });
  afterAll(async () => {
    if (!current) return;
    const { value } = current;
    current = null;
    await close(value);
  });
  return () => {
    if (!current) throw new Error(`${what} opens in beforeAll: use it inside a test or a hook.`);
    return current.value;
  };
}

export type TestDatabase = {
  /** The database handle (engine, pool on Postgres, close). */
  readonly handle: TestDbHandle;
  readonly db: Db;
};

/**
 * A migrated database of this test file's own; `seed` adds the defaults the app creates on first
 * start (categories, site settings, hero settings); `bus` an event bus on it, as chat and order
 * functions take (`{ db, bus }`).
 */
export function setupTestDatabase(opts?: { seed?: boolean }): TestDatabase;
export function setupTestDatabase(opts: {
  seed?: boolean;
  bus: true;
}): TestDatabase & { readonly bus: EventBus };
export function setupTestDatabase(opts: { seed?: boolean; bus?: boolean } = {}) {
  const get = perFile(
    "The test database",
    async () => {
      const handle = await createTestDb();
      try {
        if (opts.seed) await seedDefaults(handle.db);
        const bus = opts.bus
          ? await createEventBus({ db: handle.db, pool: handle.pool, logger: testLogger })
          : undefined;
        return { handle, bus };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async ({ handle, bus }) => {
      await bus?.close();
      await handle.close();
    },
  );
  return {
    get handle() {
      return get().handle;
    },
    get db() {
      return get().handle.db;
    },
    get bus() {
      const { bus } = get();
      if (!bus) throw new Error("No event bus: call setupTestDatabase({ bus: true }).");
      return bus;
    },
  };
}

/** A folder of this test file's own under the temp folder: created in beforeAll, removed afterwards. */
export function setupTempDir(prefix?: string): string {
  const dir = tempPath(prefix);
  beforeAll(() => {
    fs.mkdirSync(dir, { recursive: true });
  });
  afterAll(() => removeDir(dir));
  return dir;
}

/** The local storage driver over a temp folder of this test file's own (`root`), removed afterwards. */
export function setupTestStorage(): Storage & { root: string } {
  const storage = createTestStorage();
  afterAll(() => removeDir(storage.root));
  return storage;
}

/** Our HTTP app (startTestApp) on a database and storage of this test file's own. */
export function setupTestApp(env: Record<string, string> = {}): TestApp {
  const get = perFile(
    "The test app",
    async () => {
      const database = await createTestDb();
      try {
        return await startTestApp(database, env);
      } catch (err) {
        await database.close();
        throw err;
      }
    },
    (app) => app.close(),
  );
  return {
    get url() {
      return get().url;
    },
    get services() {
      return get().services;
    },
    get pageCache() {
      return get().pageCache;
    },
  };
}
