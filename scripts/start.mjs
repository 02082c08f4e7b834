// `npm start`: builds the site when build/ is missing or older than its sources (scripts/build-if-stale.mjs),
// then serves it. A second start with unchanged sources skips the build.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIfStale, ROOT } from "./build-if-stale.mjs";

process.chdir(ROOT);
const { code } = await buildIfStale({ log: (msg) => console.log(`[start] ${msg}`) });
if (code !== 0) process.exit(code);
await import(pathToFileURL(path.join(ROOT, "server.js")).href);
