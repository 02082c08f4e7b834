// Shared helpers for the benchmarks: the built server is started and stopped by
// scripts/built-server.mjs (also used by the attack suite in tests/security/).
export { freePort, ROOT, startServer } from "../scripts/built-server.mjs";

import { tempDataDir as tempDir } from "../scripts/built-server.mjs";

export const tempDataDir = (label) => tempDir(`bench-${label}`);

export const ms = (n) => `${n.toFixed(1)} ms`;

/** The eight public pages (as app/routes/sitemap.ts lists them). */
export const PUBLIC_PAGES = [
  "/",
  "/tienda",
  "/tienda-externa",
  "/personal-shop",
  "/nosotros",
  "/servicios",
  "/seguimiento",
  "/contact",
];
