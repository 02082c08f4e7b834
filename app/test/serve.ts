import type { AddressInfo } from "node:net";
import type { Express } from "express";
import { afterAll, beforeAll } from "vitest";

/**
 * Serves an Express app on a free loopback port for the file's tests and closes it after them.
 * Returns a function giving its base URL (known once the tests start).
 */
export function serveForTests(app: Express): () => string {
  let server: ReturnType<Express["listen"]> | undefined;
  let url = "";
  beforeAll(async () => {
    const listening = app.listen(0, "127.0.0.1");
    server = listening;
    await new Promise((r) => listening.once("listening", r));
    url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));
  return () => url;
}
