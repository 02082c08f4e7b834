import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadConfig } from "../config";
import { type DbHandle, openPostgres } from "../db/client";
import { createHttpApp } from "../http/app";
import { createServices, type Services } from "../services";
import { createTestDb, testLogger } from "./db";
import { createTestStorage, removeDir } from "./files";

/** What a test reads of a running test app. */
export type TestApp = { url: string; services: Services };

/**
 * Our HTTP app on a random loopback port with a stub page handler (no Vite build needed):
 * enough to test health checks, sessions, streams and limits against a real database. Its files go
 * to a temp folder; `close` stops it, closes `database` and removes the folder. A test file gets
 * one with setupTestApp (./setup.ts); call this directly for a second instance inside a test.
 */
export async function startTestApp(
  database: DbHandle,
  env: Record<string, string> = {},
): Promise<TestApp & { close(): Promise<void> }> {
  const config = loadConfig({
    SEED_DEMO: "false",
    ADMIN_EMAIL: "admin@example.com",
    ADMIN_PASSWORD: "admin-pass-123",
    OPERATOR_EMAIL: "operador@example.com",
    OPERATOR_PASSWORD: "operador-pass-123",
    DATA_DIR: "/nonexistent",
    // A test file longer than a minute must not meet the daily backup.
    BACKUP_HOUR: "off",
    ...env,
  });
  const storage = createTestStorage();
  const services: Services = await createServices(config, testLogger, { database, storage });
  const app = createHttpApp(services, {
    handler: () => (_req, res) => {
      res.status(404).send("no pages in this test");
    },
  });
  const server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    services,
    url: `http://127.0.0.1:${port}`,
    async close() {
      services.sse.closeAll();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await services.close();
      removeDir(storage.root);
    },
  };
}

/**
 * Two instances of the app on one fresh Postgres database (TEST_DATABASE_URL), as behind a load
 * balancer; `use` runs with both and they are closed afterwards.
 */
export async function withTwoInstances(use: (a: TestApp, b: TestApp) => Promise<void>): Promise<void> {
  const dbA = await createTestDb();
  if (!dbA.url) throw new Error("withTwoInstances needs TEST_DATABASE_URL (Postgres)");
  const a = await startTestApp(dbA);
  const b = await startTestApp(await openPostgres(dbA.url, { max: 5 }));
  try {
    await use(a, b);
  } finally {
    await b.close();
    await a.close();
  }
}

/** Polls `check` until it is true or `ms` pass; answers its last result. */
export async function eventually(check: () => Promise<boolean>, ms = 2000): Promise<boolean> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}
