// Shared helpers for the benchmarks: start the built server on loopback and stop it by PID.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function tempDataDir(label) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `bench-${label}-`));
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node server.js` with `env`; resolves once /healthz answers, with its URL, its PID and
 * `stop()` (SIGTERM by PID, SIGKILL after 10 s). `stdout: "ignore"` hides the server's output.
 */
export async function startServer(env, { stdout = "inherit" } = {}) {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
    throw new Error("Run `npm run build` first.");
  }
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", stdout, "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error("server did not start in 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const done = new Promise((r) => child.once("exit", r));
      process.kill(child.pid, "SIGTERM");
      await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) process.kill(child.pid, "SIGKILL");
    },
  };
}

export const ms = (n) => `${n.toFixed(1)} ms`;
