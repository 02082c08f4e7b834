// The one place that decides whether build/ is stale and rebuilds it: `npm start` (scripts/start.mjs)
// and `npm test` (scripts/test.mjs) both call buildIfStale().
//
// build/ is stale when build/server/index.js or build/client is missing, or when any build input
// (a file, or a folder, whose time changes when an entry is added, removed or renamed) is newer than
// build/server/index.js. Test files are not build inputs.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const BUILD_OUTPUT = "build/server/index.js";
export const BUILD_INPUTS = [
  "app",
  "server",
  "drizzle",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];
const NOT_AN_INPUT = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** Newest modification time (ms) of a file, or of a folder and everything under it; 0 if absent. */
export function newestMtime(p) {
  if (NOT_AN_INPUT.test(p)) return 0;
  let st;
  try {
    st = statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Why build/ needs rebuilding, or null if it is up to date. */
export function buildStaleReason(root = ROOT) {
  const out = path.join(root, BUILD_OUTPUT);
  if (!existsSync(out)) return `${BUILD_OUTPUT} is missing`;
  if (!existsSync(path.join(root, "build", "client"))) return "build/client is missing";
  const builtAt = statSync(out).mtimeMs;
  for (const p of BUILD_INPUTS) {
    if (newestMtime(path.join(root, p)) > builtAt) return `${p} changed since the last build`;
  }
  return null;
}

/**
 * Runs `react-router build` (inherited stdio) when build/ is stale.
 * Resolves to { built, reason, code }: code is the build's exit code (0 when nothing was built).
 */
export function buildIfStale({ root = ROOT, log = (msg) => console.log(msg) } = {}) {
  const reason = buildStaleReason(root);
  if (!reason) {
    log("build/ is up to date, not rebuilding");
    return Promise.resolve({ built: false, reason: null, code: 0 });
  }
  log(`building the site (${reason})`);
  const cli = path.join(root, "node_modules", "@react-router", "dev", "bin.js");
  return new Promise((resolve) => {
    // Always a production build, whoever calls (Vitest runs with NODE_ENV=test, which Vite would
    // otherwise keep, giving a bundle that behaves as in development).
    const child = spawn(process.execPath, [cli, "build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    child.once("error", (e) => {
      log(`could not start react-router build: ${e.message}`);
      resolve({ built: false, reason, code: 127 });
    });
    child.once("exit", (code) => resolve({ built: code === 0, reason, code: code ?? 1 }));
  });
}
