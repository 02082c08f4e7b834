// Shared Playwright fixtures for the end-to-end tests.
//
//   import { expect, test, testHook } from "./fixtures";
//
//   test("home page", async ({ page, server }) => {
//     await page.goto("/");            // baseURL is this worker's server
//     await testHook(page.request, "some-hook", { foo: 1 });
//   });
//
//   test.describe("staff pages", () => {
//     test.use({ signedInAs: "admin" }); // `page` (and `request`) start signed in as admin
//     test("...", async ({ page, staffPage, visitorPhone }) => {
//       const colleague = await staffPage("operador"); // a second staff member's window
//       const visitor = await visitorPhone();          // a visitor's phone, signed out
//     });
//   });
//
// Each Playwright worker starts its own instance of the BUILT app (`node server.js`, run `npm run build` first)
// on a free port with a DATA_DIR of its own (a copy of the demo site's first start, made once per build), so
// workers never share state. Tests in one worker do share it.
// Each staff role signs in once per worker (on first use) and every signed-in page reuses that session's
// cookie: a test that signs OUT must sign in on its own with `signInWithForm`, or it would end the session
// the worker's other tests use.
// Set E2E_SERVER_LOGS=1 to stream the server's output to the console; on a failed test, the server output
// produced during that test is attached to the report as "server-log".

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type PlaywrightWorkerArgs,
} from "@playwright/test";
import getPort from "get-port";
import { siteDataDir } from "../../scripts/built-server.mjs";

export { expect } from "@playwright/test";

export type Credentials = { email: string; password: string };

export const CREDENTIALS = {
  admin: { email: "admin@example.com", password: "admin-pass-123" },
  operador: { email: "operador@example.com", password: "operador-pass-123" },
} as const satisfies Record<string, Credentials>;

export type StaffRole = keyof typeof CREDENTIALS;

/** What `browserContext.storageState()` returns, and `storageState` accepts. */
export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** The staff session cookie (app/.server/auth/sessions.ts). */
const SESSION_COOKIE = "mm_session";

/** A phone-sized screen, as in the "phone" project. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

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
// A first start with demo content takes 12–21 s on a loaded machine; 60 s was hit once at load 17.
const STARTUP_TIMEOUT_MS = 120_000;
const POLL_MS = 100;
const STOP_TIMEOUT_MS = 10_000;
const MAX_OUTPUT_CHARS = 1_000_000;

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

  const port = await getPort({ host: HOST });
  // A copy of the demo site's first start, made once per build (scripts/built-server.mjs).
  const dataDir = await siteDataDir(`e2e-data-w${workerIndex}`);
  const baseURL = `http://${HOST}:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    TEST_HOOKS: "true",
    // The local push service of the web push tests (app/.server/push/testing.ts) is on loopback.
    PUSH_ALLOWED_HOSTS: "http://localhost",
    // The browser talks to the server over loopback as a proxy would, so a test can appear to come
    // from another address (X-Forwarded-For) for the per-address limits.
    TRUST_PROXY: "loopback",
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    // No daily backup in the middle of a test run (tests/e2e/backups.spec.ts makes its own).
    BACKUP_HOUR: "off",
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

/**
 * Signs in as `role` the way the login form does without JavaScript (a form POST to /admin-login that answers
 * with the session cookie and a redirect) and returns the signed-in storage state: only the session cookie,
 * not the one-time 'Acceso concedido' flash, which belongs to the tests of the login screen.
 */
async function signInOverHttp(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  role: StaffRole,
): Promise<StorageState> {
  // Every option is explicit: a context made during a test would otherwise inherit that test's options.
  const request = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: {},
  });
  try {
    const res = await request.post("/admin-login", { form: { ...CREDENTIALS[role] }, maxRedirects: 0 });
    if (res.status() !== 302) {
      throw new Error(
        `E2E: signing in as ${role} answered HTTP ${res.status()}: ${(await res.text()).slice(0, 300)}`,
      );
    }
    const { cookies } = await request.storageState();
    const session = cookies.filter((c) => c.name === SESSION_COOKIE);
    if (session.length !== 1) throw new Error(`E2E: signing in as ${role} set no ${SESSION_COOKIE} cookie`);
    return { cookies: session, origins: [] };
  } finally {
    await request.dispose();
  }
}

export type StaffSessions = {
  /** The worker's signed-in storage state for `role`: signed in on first use, then reused. */
  storageState: (role: StaffRole) => Promise<StorageState>;
};

type TestFixtures = {
  _serverLogOnFailure: undefined;
  /**
   * The staff role the test's own `page`, `context` and `request` are signed in as (the worker's shared
   * session), or undefined for a visitor. Set it with `test.use({ signedInAs: "admin" })`.
   */
  signedInAs: StaffRole | undefined;
  /** Opens another staff member's window (a context of its own, this project's screen), signed in as `role`. */
  staffPage: (role: StaffRole) => Promise<Page>;
  /** An HTTP client signed in as `role`, for setting up data without the UI. */
  staffRequest: (role: StaffRole) => Promise<APIRequestContext>;
  /** A visitor on a phone-sized page, in a browser context of their own (own cookies and local storage). */
  visitorPhone: () => Promise<Page>;
};
type WorkerFixtures = { server: ServerInfo; staffSessions: StaffSessions };

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

  staffSessions: [
    async ({ server, playwright }, use) => {
      const sessions = new Map<StaffRole, Promise<StorageState>>();
      await use({
        storageState: (role) => {
          let state = sessions.get(role);
          if (!state) {
            state = signInOverHttp(playwright, server.baseURL, role);
            sessions.set(role, state);
            state.catch(() => sessions.delete(role));
          }
          return state;
        },
      });
    },
    { scope: "worker" },
  ],

  // Every test talks to this worker's server: page.goto("/"), request.get("/healthz"), ...
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },

  signedInAs: [undefined, { option: true }],

  storageState: [
    async ({ signedInAs, staffSessions, storageState }, use) => {
      await use(signedInAs ? await staffSessions.storageState(signedInAs) : storageState);
    },
    // The worker's first sign-in (a deliberately slow password check) does not eat the test's own time.
    { scope: "test", timeout: 30_000 },
  ],

  staffPage: async ({ browser, staffSessions }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (role) => {
      // Other options (screen, baseURL) come from the project, as for the test's own page.
      const context = await browser.newContext({ storageState: await staffSessions.storageState(role) });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },

  staffRequest: async ({ playwright, server, staffSessions }, use) => {
    const clients: APIRequestContext[] = [];
    await use(async (role) => {
      const client = await playwright.request.newContext({
        baseURL: server.baseURL,
        storageState: await staffSessions.storageState(role),
      });
      clients.push(client);
      return client;
    });
    for (const client of clients) await client.dispose();
  },

  visitorPhone: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      // storageState is named so that a signed-in test's session is not inherited: a visitor is signed out.
      const context = await browser.newContext({ ...PHONE, storageState: undefined });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
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

/** Fills the staff login form on the current page with these credentials and submits it. */
export async function submitLoginForm(page: Page, { email, password }: Credentials): Promise<void> {
  await page.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
}

/**
 * Signs in through the staff login form, with a session of the page's own, and waits until the app
 * navigates away from /admin-login. Only for tests of the login itself and tests that sign out; any
 * other test gets a signed-in page from `test.use({ signedInAs })`.
 */
export async function signInWithForm(page: Page, who: StaffRole): Promise<void> {
  await page.goto("/admin-login");
  await submitLoginForm(page, CREDENTIALS[who]);
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

/**
 * Sets the operador's and the admin's chat status to 'offline': an earlier test of this worker
 * (same server) may have left one of them online for a while (a chosen status, or a reply, ADR
 * 0013). For tests that start from what a visitor sees when nobody is there.
 */
export async function everyAgentOffline(
  staffRequest: (role: StaffRole) => Promise<APIRequestContext>,
): Promise<void> {
  for (const role of ["operador", "admin"] as const) {
    const res = await (await staffRequest(role)).post("/admin/chat", {
      form: { intent: "agent-status", status: "offline", estimatedResponseTime: "3-5 minutos" },
    });
    expect(res.status(), `${role} offline`).toBe(200);
  }
}
