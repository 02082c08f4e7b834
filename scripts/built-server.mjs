// Starts the BUILT site (`node server.js`, run `npm run build` first) on a free loopback port and
// stops it by its PID: used by the benchmarks (bench/) and the attack suite (tests/security/).
// The Playwright fixtures (tests/e2e/fixtures.ts) have their own, with per-test log slices.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import getPort from "get-port";
import { cachedEntry, hashOfFiles, shareBlankPgliteImage } from "./test-cache.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const MAX_OUTPUT_CHARS = 2_000_000;

export function tempDataDir(label) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${label}-`));
}

/**
 * A new temp DATA_DIR holding what the built site's first start on the embedded database leaves:
 * the demo shop with `demo` (SEED_DEMO=true), else the spec's defaults only. Made once per build
 * (scripts/test-cache.mjs) by `node server.js --first-start` and copied for each caller: a first
 * start creates the database and, with the demo, re-encodes its pictures, several times the time of
 * a start on a copy. Staff accounts are made by each start from its own environment, as always.
 */
export async function siteDataDir(label, { demo = true } = {}) {
  const template = await siteTemplate({ demo });
  const dir = tempDataDir(label);
  fs.cpSync(template, dir, { recursive: true });
  return dir;
}

const BUILT_SERVER = path.join(ROOT, "build/server/index.js");

/** Names this build: what is made from a first start of it is made again for another. */
export const buildHash = () => hashOfFiles([BUILT_SERVER]);

/**
 * The folder siteDataDir copies (made now if this build has none yet). The servers started after
 * it create any new cluster (a restore's) from the blank-cluster image too (shareBlankPgliteImage).
 */
export async function siteTemplate({ demo = true } = {}) {
  await shareBlankPgliteImage();
  return cachedEntry(demo ? "site-demo" : "site-empty", buildHash(), (dir) => firstStart(dir, demo));
}

/**
 * `node server.js --first-start` on `dataDir` and the embedded database, or the Postgres database
 * at `databaseUrl`: creates and seeds it (the demo with `demo`) and exits.
 */
export function firstStart(dataDir, demo, databaseUrl) {
  if (!fs.existsSync(BUILT_SERVER)) throw new Error("Run `npm run build` first.");
  const env = { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", DATA_DIR: dataDir };
  env.SEED_DEMO = String(demo);
  for (const name of ["DATABASE_URL", "STORAGE_DRIVER"]) delete env[name];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["server.js", "--first-start"], {
      cwd: ROOT,
      env,
      stdio: "inherit",
    });
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`first start exited with ${code ?? signal}`)),
    );
  });
}

/**
 * Starts `node server.js` with `env` and resolves once /healthz answers 200, with its URL, PID,
 * `stop()` (SIGTERM, SIGKILL after 10 s) and `kill(signal)`. `output: "inherit"` shows the
 * server's output, "ignore" hides it, "capture" keeps it (last 2 MB) for `output()`.
 * `port` reuses a port (a restart); otherwise a free one is picked. `nodeArgs` go before
 * server.js (e.g. `--cpu-prof`). `openFilesLimit` starts it from a shell that lowers its limit on
 * open files first (`ulimit -n`, soft and hard: Node raises its soft limit to the hard one at
 * start-up), as a systemd unit's LimitNOFILE does.
 */
export async function startServer(
  env,
  { output = "inherit", port, timeoutMs = 120_000, nodeArgs = [], openFilesLimit } = {},
) {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
    throw new Error("Run `npm run build` first.");
  }
  const listenPort = port ?? (await getPort({ host: "127.0.0.1" }));
  const capture = output === "capture";
  const command = openFilesLimit
    ? [
        "/bin/sh",
        [
          "-c",
          `ulimit -n ${Number(openFilesLimit)} && exec "$0" "$@"`,
          process.execPath,
          ...nodeArgs,
          "server.js",
        ],
      ]
    : [process.execPath, [...nodeArgs, "server.js"]];
  const child = spawn(command[0], command[1], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(listenPort),
      LOG_LEVEL: "warn",
      // Benches and the attack suite time the site itself: no daily backup a minute after start.
      BACKUP_HOUR: "off",
      ...env,
    },
    stdio: ["ignore", capture ? "pipe" : output, capture ? "pipe" : "inherit"],
  });
  let text = "";
  const keep = (chunk) => {
    text += chunk.toString("utf8");
    if (text.length > MAX_OUTPUT_CHARS) text = text.slice(-MAX_OUTPUT_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server exited with ${child.exitCode ?? child.signalCode}${capture ? `:\n${text}` : ""}`,
      );
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start in ${timeoutMs / 1000} s${capture ? `:\n${text}` : ""}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port: listenPort,
    pid: child.pid,
    output: () => text,
    exited,
    kill(signal = "SIGKILL") {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, signal);
      return exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(child.pid, "SIGTERM");
      const t = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
}
