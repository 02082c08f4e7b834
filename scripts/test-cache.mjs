// Things the tests make once and copy many times: a migrated empty database (every integration test
// file starts from it) and a demo site's DATA_DIR (every built server the end-to-end and attack
// suites start). Making them is most of a test file's set-up (initdb, migrations, the demo pictures
// through sharp); copying them takes a fraction of that.
//
// Each is kept under node_modules/.cache/minimarket-tests/ under a name that carries a hash of what
// it was made from, so a change of the migrations or of the build makes a new one; older ones of the
// same kind are removed when a new one is made. Several processes may ask at once (Vitest's forks,
// Playwright's workers): the first makes it, the others wait for it.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CACHE_DIR = path.join(ROOT, "node_modules", ".cache", "minimarket-tests");

// A first start with demo content takes 12–21 s on a loaded machine, several times that under CI load.
const WAIT_MS = 10 * 60_000;

/** sha256 (hex, 16 characters) of the files under `paths` (files or folders, in name order). */
export function hashOfFiles(paths) {
  const hash = createHash("sha256");
  const visit = (p) => {
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const entry of fs.readdirSync(p).sort()) visit(path.join(p, entry));
      return;
    }
    hash.update(path.relative(ROOT, p));
    hash.update(fs.readFileSync(p));
  };
  for (const p of paths) visit(path.resolve(ROOT, p));
  return hash.digest("hex").slice(0, 16);
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
};

/**
 * The path of the cached entry `${kind}-${key}`, made by `make(tmpPath)` (a file or a folder at
 * tmpPath) the first time. Entries of the same kind with another key are removed then.
 */
export async function cachedEntry(kind, key, make) {
  const final = path.join(CACHE_DIR, `${kind}-${key}`);
  if (fs.existsSync(final)) return final;
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const lock = `${final}.lock`;
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (fs.existsSync(final)) return final;
    try {
      fs.mkdirSync(lock);
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
      // Someone else is making it; a maker that died leaves its lock behind with its PID.
      const owner = Number(fs.readFileSync(path.join(lock, "pid"), { encoding: "utf8", flag: "a+" }));
      if (owner && !alive(owner)) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline)
        throw new Error(`${kind}: still being made by PID ${owner} after ${WAIT_MS / 1000} s`);
      else await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
    const tmp = `${final}.tmp-${process.pid}`;
    try {
      fs.rmSync(tmp, { recursive: true, force: true });
      await make(tmp);
      fs.renameSync(tmp, final);
      for (const old of fs.readdirSync(CACHE_DIR)) {
        if (old.startsWith(`${kind}-`) && path.join(CACHE_DIR, old) !== final && !old.includes(".")) {
          fs.rmSync(path.join(CACHE_DIR, old), { recursive: true, force: true });
        }
      }
      return final;
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * The files of a new, empty PGlite cluster (initdb's output), made once per PGlite version, named in
 * PGLITE_BLANK_IMAGE for this process and those it starts: every cluster a test run creates (a
 * restore's target, a new DATA_DIR, a template) then starts as a copy of it instead of running
 * initdb, 5–8 CPU-seconds each (app/.server/db/client.ts blankClusterImage).
 */
export async function shareBlankPgliteImage() {
  const key = hashOfFiles(["node_modules/@electric-sql/pglite/package.json"]);
  const file = await cachedEntry("blank-cluster", key, async (tmp) => {
    const { PGlite } = await import("@electric-sql/pglite");
    const pg = await PGlite.create();
    try {
      const image = await pg.dumpDataDir("none");
      fs.writeFileSync(tmp, Buffer.from(await image.arrayBuffer()));
    } finally {
      await pg.close();
    }
  });
  process.env.PGLITE_BLANK_IMAGE = file;
  return file;
}
