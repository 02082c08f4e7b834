import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll } from "vitest";
import {
  createTestDb,
  postgresServerId,
  postgresTemplateOf,
  type TestDbHandle,
} from "../../app/.server/testing/db";
import {
  type BuiltServer,
  buildHash,
  firstStart,
  siteDataDir,
  startServer,
  tempDataDir,
} from "../../scripts/built-server.mjs";
import { CACHE_DIR } from "../../scripts/test-cache.mjs";

/*
 * The attack suite runs against the BUILT site in its own process, as an attacker meets it:
 * real HTTP, real pages, the embedded database in a temp folder (or a fresh database on the
 * Postgres server named by TEST_DATABASE_URL). `npm test` builds first; on its own run
 * `npm run build` before `npx vitest run tests/security`.
 */

export const ADMIN = { email: "admin@example.com", password: "admin-pass-123" };
export const OPERATOR = { email: "operador@example.com", password: "operador-pass-123" };

export type Site = {
  readonly url: string;
  readonly pid: number;
  readonly env: Record<string, string>;
  /** Everything the current process printed (JSON log lines). */
  output(): string;
  /** Kills the current process (SIGKILL by default) and resolves when it is gone. */
  kill(signal?: NodeJS.Signals): Promise<unknown>;
  /** Stops (SIGTERM, or SIGKILL with "kill") and starts the site again on the same data and port. */
  restart(env?: Record<string, string>, how?: "stop" | "kill"): Promise<void>;
  /**
   * The database goes away (`true`) or comes back. On Postgres the site reaches it through a proxy
   * of the test's, which drops every connection and refuses new ones; on the embedded database the
   * test hook makes every query fail as a lost connection does.
   */
  databaseDown(down: boolean): Promise<void>;
};

const BASE_ENV = {
  SEED_DEMO: "true",
  TEST_HOOKS: "true",
  // The suite is the proxy: X-Forwarded-For from loopback names the client's address.
  TRUST_PROXY: "loopback",
  LOG_LEVEL: "info",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  OPERATOR_EMAIL: OPERATOR.email,
  OPERATOR_PASSWORD: OPERATOR.password,
};

/** The site for this test file: started in beforeAll with `env`, stopped (and its data removed) after. */
export function setupSite(env: Record<string, string> = {}, opts: { openFilesLimit?: number } = {}): Site {
  let server: BuiltServer | null = null;
  let database: TestDbHandle | null = null;
  let proxy: DbProxy | null = null;
  let dataDir = "";
  const fullEnv: Record<string, string> = { ...BASE_ENV, ...env };
  const current = () => {
    if (!server) throw new Error("The site starts in beforeAll: use it inside a test or a hook.");
    return server;
  };
  beforeAll(async () => {
    // The site starts from a copy of a first start: siteDataDir on the embedded database, a
    // database and folder copied from postgresSite's on Postgres.
    const demo = fullEnv.SEED_DEMO === "true";
    if (process.env.TEST_DATABASE_URL) {
      const template = await postgresSite(demo);
      dataDir = tempDataDir("security");
      fs.cpSync(template.dataDir, dataDir, { recursive: true });
      database = await createTestDb({ template: template.database });
      proxy = await startDbProxy(new URL(database.url ?? ""));
      fullEnv.DATABASE_URL = proxy.url;
    } else dataDir = await siteDataDir("security", { demo });
    fullEnv.DATA_DIR = dataDir;
    server = await startServer(fullEnv, { output: "capture", openFilesLimit: opts.openFilesLimit });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
  return {
    get url() {
      return current().url;
    },
    get pid() {
      return current().pid;
    },
    env: fullEnv,
    output: () => current().output(),
    kill: (signal) => current().kill(signal),
    async databaseDown(down) {
      if (proxy) return proxy.setDown(down);
      const res = await fetch(`${current().url}/__test/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ db: down }),
      });
      if (!res.ok) throw new Error(`/__test/faults answered ${res.status}`);
    },
    async restart(more = {}, how = "stop") {
      const old = current();
      if (how === "kill") await old.kill("SIGKILL");
      else await old.stop();
      Object.assign(fullEnv, more);
      server = await startServer(fullEnv, {
        output: "capture",
        port: old.port,
        openFilesLimit: opts.openFilesLimit,
      });
    },
  };
}

/**
 * On Postgres, a template database and the DATA_DIR folder a first start of this build left (the
 * demo's with `demo`), made once per build and server: a site started on an empty database seeds it
 * in a second process, re-encoding the demo's pictures, which every file's site did before.
 */
async function postgresSite(demo: boolean): Promise<{ database: string; dataDir: string }> {
  const database = `site_${demo ? "demo" : "empty"}_${buildHash()}`;
  // The folder goes with this server's database: a new cluster (CI's) makes both again.
  const dataDir = path.join(CACHE_DIR, `pg-${database}-${await postgresServerId()}`);
  await postgresTemplateOf(
    database,
    async (url) => {
      for (const dir of [dataDir, `${dataDir}.tmp`]) fs.rmSync(dir, { recursive: true, force: true });
      // A start without the demo on Postgres may leave nothing in its folder: it is made first.
      fs.mkdirSync(`${dataDir}.tmp`, { recursive: true, mode: 0o700 });
      await firstStart(`${dataDir}.tmp`, demo, url);
      fs.renameSync(`${dataDir}.tmp`, dataDir);
    },
    () => fs.existsSync(dataDir),
  );
  return { database, dataDir };
}

type DbProxy = { url: string; setDown(down: boolean): Promise<void>; close(): Promise<void> };

/** A TCP proxy to the Postgres server of `url`; while down it drops every connection and refuses new ones. */
async function startDbProxy(url: URL): Promise<DbProxy> {
  let down = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (down) return client.destroy();
    const upstream = net.connect(Number(url.port || 5432), url.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const proxied = new URL(url);
  proxied.hostname = "127.0.0.1";
  proxied.port = String((server.address() as net.AddressInfo).port);
  return {
    url: proxied.toString(),
    async setDown(value) {
      down = value;
      if (down) for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Headers that make a request come from `ip` (the site trusts the suite as its proxy). */
export const from = (ip: string, more: Record<string, string> = {}) => ({ "X-Forwarded-For": ip, ...more });

/**
 * Rate limits count in fixed windows (app/.server/ratelimit.ts). A burst whose count a test checks
 * must fit in one window: when less than `needMs` of the current one is left, wait for the next.
 */
export async function atWindowStart(windowMs = 60_000, needMs = 20_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

let ipCounter = 0;
/** A fresh client address for each call (documentation range 198.18.0.0/15). */
export function freshIp(): string {
  ipCounter++;
  return `198.18.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Signs in through the login form; returns the session cookie (`mm_session=…`). */
export async function signIn(site: Site, who = ADMIN, ip = freshIp()): Promise<string> {
  const res = await fetch(`${site.url}/admin-login`, {
    method: "POST",
    headers: from(ip),
    body: new URLSearchParams(who),
    redirect: "manual",
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("mm_session="));
  if (res.status !== 302 || !cookie) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return cookie.split(";")[0] ?? "";
}

/** What every table holds (row count and digest), through the test hook. */
export async function tables(site: Site): Promise<Record<string, { rows: number; digest: string }>> {
  const res = await fetch(`${site.url}/__test/tables`);
  if (!res.ok) throw new Error(`/__test/tables answered ${res.status}`);
  return res.json();
}

/**
 * Tables whose rows are the shop's data (not sessions, limits, sign-in records, live events, or
 * the audit log, which records a refused sign-in by design).
 */
export const DATA_TABLES_EXCLUDE = new Set([
  "sessions",
  "login_attempts",
  "rate_limits",
  "events",
  "chat_agents",
  "audit_log",
]);

export async function dataDigest(site: Site): Promise<string> {
  const all = await tables(site);
  return JSON.stringify(
    Object.entries(all)
      .filter(([name]) => !DATA_TABLES_EXCLUDE.has(name))
      .map(([name, t]) => [name, t.digest]),
  );
}

/** A raw request (any method, any Host), for what fetch refuses to send. */
export function rawRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? "GET", headers: opts.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(opts.body);
  });
}

/**
 * Announces a body of `bytes` and sends only the headers, as an attacker holding a huge upload
 * would: the answer must come before any of the body is read. The connection is dropped after.
 */
export function announceBody(
  url: string,
  bytes: number,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(bytes),
        ...headers,
      },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection });
        req.destroy();
      });
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}

/**
 * What the server logged that it must not: a stack trace of an unhandled error, a 5xx, or the
 * values of a failed query (Drizzle's "params:" line).
 */
export function logProblems(log: string): string[] {
  return log
    .split("\n")
    .filter((line) => /"status":5\d\d|unhandled error|params: (?!\[ocultos\])|"level":(50|60)/.test(line));
}

/**
 * A React Router data request, as the browser's client-side navigation and fetchers make
 * (`/admin/orders.data`): GET a page's loader data, or POST a form to its action. Answers the
 * status and the decoded value (`{ [routeId]: { data } }` for GET, `{ data }` or `{ error }` for POST).
 */
export async function routeData(
  site: Site,
  path: string,
  opts: { cookie?: string; form?: URLSearchParams | FormData; headers?: Record<string, string> } = {},
): Promise<{ status: number; value: Record<string, unknown>; headers: Headers }> {
  const [pathname = "/", search = ""] = path.split("?");
  const dataPath = pathname === "/" ? "/_root.data" : `${pathname}.data`;
  const res = await fetch(`${site.url}${dataPath}${search ? `?${search}` : ""}`, {
    method: opts.form ? "POST" : "GET",
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    body: opts.form,
    redirect: "manual",
  });
  const type = res.headers.get("content-type") ?? "";
  if (!res.body || !type.includes("text/x-script")) {
    return { status: res.status, value: { raw: await res.text() }, headers: res.headers };
  }
  const decoded = await decodeViaTurboStream(res.body, globalThis);
  await decoded.done;
  return { status: res.status, value: decoded.value as Record<string, unknown>, headers: res.headers };
}
