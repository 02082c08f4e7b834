// Shared Playwright fixtures for the end-to-end tests.
//
//   import { expect, login, test, testHook } from "./fixtures";
//
//   test("home page", async ({ page, server }) => {
//     await page.goto("/");            // baseURL is this worker's server
//     await login(page, "admin");      // admin@example.com / admin-pass-123
//     await testHook(page.request, "some-hook", { foo: 1 });
//   });
//
// Each Playwright worker starts its own instance of the BUILT app (`node server.js`, run `npm run build` first)
// on a free port with a fresh DATA_DIR, so workers never share state. Tests in one worker do share it.
// Set E2E_SERVER_LOGS=1 to stream the server's output to the console; on a failed test, the server output
// produced during that test is attached to the report as "server-log".

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type APIRequestContext, test as base, type Page } from "@playwright/test";

export { expect } from "@playwright/test";

export type Credentials = { email: string; password: string };

export const CREDENTIALS = {
  admin: { email: "admin@example.com", password: "admin-pass-123" },
  operador: { email: "operador@example.com", password: "operador-pass-123" },
} as const satisfies Record<string, Credentials>;

export type ServerInfo = {
  baseURL: string;
  port: number;
  dataDir: string;
  admin: Credentials;
  operator: Credentials;
  /** Everything the server printed so far (stdout and stderr, last ~1 MB). */
  output: () => string;
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const HOST = "127.0.0.1";
const STARTUP_TIMEOUT_MS = 60_000;
const POLL_MS = 100;
const STOP_TIMEOUT_MS = 10_000;
const MAX_OUTPUT_CHARS = 1_000_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once("error", reject);
    srv.listen(0, HOST, () => {
      const addr = srv.address();
      if (addr === null || typeof addr === "string") {
        srv.close();
        reject(new Error("could not determine a free port"));
        return;
      }
      srv.close(() => resolve(addr.port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves when the child has exited (immediately if it already has). */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const done = exited(child);
  try {
    process.kill(child.pid, "SIGTERM");
  } catch {
    return; // already gone
  }
  const timedOut = await Promise.race([done.then(() => false), sleep(STOP_TIMEOUT_MS).then(() => true)]);
  if (timedOut) {
    try {
      process.kill(child.pid, "SIGKILL");
    } catch {}
    await Promise.race([done, sleep(2_000)]);
  }
}

type ServerHandle = ServerInfo & { outputLength: () => number; outputSince: (offset: number) => string };

async function startServer(workerIndex: number): Promise<{ info: ServerHandle; stop: () => Promise<void> }> {
  const entry = path.join(ROOT, "server.js");
  if (!existsSync(entry)) throw new Error(`E2E: ${entry} not found`);
  if (!existsSync(path.join(ROOT, "build", "server", "index.js"))) {
    throw new Error(
      "E2E: build/server/index.js not found; run `npm run build` first (npm test does it for you)",
    );
  }

  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), `e2e-data-w${workerIndex}-`));
  const baseURL = `http://${HOST}:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    TEST_HOOKS: "true",
    // Lets a test appear to come from another address (X-Forwarded-For) for the login limits.
    TRUST_PROXY: "true",
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    ADMIN_EMAIL: CREDENTIALS.admin.email,
    ADMIN_PASSWORD: CREDENTIALS.admin.password,
    OPERATOR_EMAIL: CREDENTIALS.operador.email,
    OPERATOR_PASSWORD: CREDENTIALS.operador.password,
  };
  delete env.DATABASE_URL;

  // Output is kept as a string with a running offset so a test can pick out what was printed during it.
  let output = "";
  let dropped = 0; // chars trimmed from the front of `output`
  const stream = process.env.E2E_SERVER_LOGS === "1" || process.env.E2E_SERVER_LOGS === "true";
  const onData = (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    output += text;
    if (output.length > MAX_OUTPUT_CHARS) {
      const cut = output.length - MAX_OUTPUT_CHARS;
      output = output.slice(cut);
      dropped += cut;
    }
    if (stream) process.stderr.write(`[server w${workerIndex}] ${text}`);
  };

  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  let spawnError: Error | undefined;
  child.once("error", (e) => {
    spawnError = e;
  });
  // If the worker process dies without running teardown, do not leave the server behind.
  const killOnExit = () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(child.pid, "SIGKILL");
      } catch {}
    }
  };
  process.once("exit", killOnExit);

  const stop = async () => {
    process.removeListener("exit", killOnExit);
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };

  const describeExit = () =>
    `E2E: server exited early (code ${child.exitCode}, signal ${child.signalCode}` +
    `${spawnError ? `, ${spawnError.message}` : ""}). Output:\n${output || "(no output)"}`;

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let lastError = "";
  for (;;) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) {
      const message = describeExit();
      await stop();
      throw new Error(message);
    }
    try {
      const res = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status === 200) break;
      lastError = `HTTP ${res.status}`;
    } catch (e) {
      lastError = e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
    }
    if (Date.now() > deadline) {
      const message =
        `E2E: server did not answer 200 on ${baseURL}/healthz within ${STARTUP_TIMEOUT_MS / 1000}s ` +
        `(last: ${lastError}). Output:\n${output || "(no output)"}`;
      await stop();
      throw new Error(message);
    }
    await sleep(POLL_MS);
  }

  const info: ServerHandle = {
    baseURL,
    port,
    dataDir,
    admin: { ...CREDENTIALS.admin },
    operator: { ...CREDENTIALS.operador },
    output: () => output,
    outputLength: () => dropped + output.length,
    outputSince: (offset) => output.slice(Math.max(0, offset - dropped)),
  };
  return { info, stop };
}

type TestFixtures = { _serverLogOnFailure: undefined };
type WorkerFixtures = { server: ServerInfo };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires a destructuring pattern here.
    async ({}, use, workerInfo) => {
      const { info, stop } = await startServer(workerInfo.workerIndex);
      try {
        await use(info);
      } finally {
        await stop();
      }
    },
    { scope: "worker", timeout: STARTUP_TIMEOUT_MS + STOP_TIMEOUT_MS + 20_000 },
  ],

  // Every test talks to this worker's server: page.goto("/"), request.get("/healthz"), ...
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },

  _serverLogOnFailure: [
    async ({ server }, use, testInfo) => {
      const handle = server as ServerHandle;
      const start = handle.outputLength();
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) {
        const log = handle.outputSince(start);
        if (log) await testInfo.attach("server-log", { body: log, contentType: "text/plain" });
      }
    },
    { auto: true, box: true },
  ],
});

/** Logs in through the staff login form and waits until the app navigates away from /admin-login. */
export async function login(page: Page, who: "admin" | "operador"): Promise<void> {
  const { email, password } = CREDENTIALS[who];
  await page.goto("/admin-login");
  await page.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/admin-login"));
}

/**
 * POSTs JSON to the server's test-only hook endpoint `/__test/<path>` (enabled by TEST_HOOKS=true).
 * `request` is the `request` fixture or `page.request` (both use this worker's baseURL).
 * Returns the parsed JSON response (or null for an empty body); throws on a non-2xx answer.
 */
export async function testHook<T = unknown>(
  request: APIRequestContext,
  hookPath: string,
  body: unknown = {},
): Promise<T> {
  const res = await request.post(`/__test/${hookPath.replace(/^\/+/, "")}`, { data: body ?? {} });
  const text = await res.text();
  if (!res.ok()) throw new Error(`testHook ${hookPath}: HTTP ${res.status()} ${text.slice(0, 500)}`);
  if (!text) return null as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}
