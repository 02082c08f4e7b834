import fs from "node:fs";
import path from "node:path";

/*
 * DATA_DIR holds the database (its write-ahead log carries addresses, password hashes, the
 * tracking page's secret, private notes), the uploaded pictures and the backups: nobody but the
 * site's own user may read or change any of it (third round of attacks, finding 3).
 *
 * The site's processes create files with the umask below, whatever the shell's. PGlite does not
 * follow it everywhere: the files of a new cluster are made with mode 666 whatever the umask (the
 * WebAssembly file system sets each file's mode itself), so a start and a restore also set every
 * mode under DATA_DIR.
 */

/** Files 600, folders 700 for everything a site process creates from now on. */
export function ownerOnlyFromNowOn(): void {
  process.umask(0o077);
}

/**
 * Sets folders under `dir` (and `dir` itself) to 700 and files to 600, when they allow more; a
 * folder that does not exist is left alone. Symbolic links are not followed. Returns how many
 * modes it changed.
 */
export function makeOwnerOnly(dir: string): number {
  let changed = 0;
  const visit = (p: string, stat: fs.Stats) => {
    if (stat.isSymbolicLink()) return;
    const want = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== want && (stat.mode & 0o077) !== 0) {
      fs.chmodSync(p, want);
      changed++;
    }
    if (!stat.isDirectory()) return;
    for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
      const child = path.join(p, entry.name);
      // A file removed meanwhile (the database's own temporary files) is no longer ours to fix.
      const childStat = lstatOrNull(child);
      if (childStat) visit(child, childStat);
    }
  };
  const root = lstatOrNull(dir);
  if (root) visit(dir, root);
  return changed;
}

function lstatOrNull(p: string): fs.Stats | null {
  try {
    return fs.lstatSync(p);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}
