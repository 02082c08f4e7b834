import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadConfig } from "../config";
import type { DbHandle } from "../db/client";
import { createHttpApp } from "../http/app";
import { createServices, type Services } from "../services";
import { testLogger } from "./db";
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
