// `npm start`: builds the site when the build is missing or older than the sources, then
// serves it. A second start with unchanged sources skips the build.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);

export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of paths) walk(path.join(root, p));
  return newest;
}

export const SOURCES = [
  "app",
  "server",
  "drizzle",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];

export function buildIsStale() {
  const out = path.join(root, "build", "server", "index.js");
  if (!fs.existsSync(out)) return true;
  return newestMtime(SOURCES) > fs.statSync(out).mtimeMs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (buildIsStale()) {
    console.log("Compilando el sitio (solo cuando cambia el código)...");
    const r = spawnSync(
      process.execPath,
      [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
      {
        stdio: "inherit",
      },
    );
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  await import(path.join(root, "server.js"));
}
