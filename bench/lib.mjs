// Shared helpers for the benchmarks: the built server is started and stopped by
// scripts/built-server.mjs (also used by the attack suite in tests/security/).
export { freePort, ROOT, startServer } from "../scripts/built-server.mjs";

import { readFileSync } from "node:fs";
import { tempDataDir as tempDir } from "../scripts/built-server.mjs";

export const tempDataDir = (label) => tempDir(`bench-${label}`);

export const ms = (n) => `${n.toFixed(1)} ms`;

/** The eight public pages: the one list the sitemap and the e2e tests also read. */
export const PUBLIC_PAGES = JSON.parse(
  readFileSync(new URL("../app/lib/public-pages.json", import.meta.url), "utf8"),
);
