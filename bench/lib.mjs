// Shared helpers for the benchmarks: the built server is started and stopped by
// scripts/built-server.mjs (also used by the attack suite in tests/security/).
export { ROOT, startServer } from "../scripts/built-server.mjs";

import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { tsImport } from "tsx/esm/api";
import { tempDataDir as tempDir } from "../scripts/built-server.mjs";

export const tempDataDir = (label) => tempDir(`bench-${label}`);

export const ms = (n) => `${n.toFixed(1)} ms`;

/** The public pages the sitemap lists, from the page registry (app/lib/pages.ts, loaded by tsx). */
export const PUBLIC_PAGES = (await tsImport("../app/lib/pages.ts", import.meta.url)).sitemapPaths();

/** A `--name value` option of the command line as text; null when it is not given. */
export const argText = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? null : (process.argv[i + 1] ?? null);
};

/**
 * `--profile DIR`: the server runs with --cpu-prof into DIR (emptied first), and `mark()` writes
 * DIR.skip, the ms since this call, where the phase to count starts (bench/profile-top.mjs reads
 * it). Call it just before starting the server. Without a DIR both do nothing.
 */
export function cpuProfile(dir) {
  if (!dir) return { nodeArgs: [], mark() {} };
  const out = path.resolve(dir);
  rmSync(out, { recursive: true, force: true });
  const t0 = Date.now();
  return {
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${out}`],
    mark: () => writeFileSync(`${out}.skip`, String(Date.now() - t0)),
  };
}
