import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * PGlite is a single-process database: a second process opening the same files would corrupt
 * them. On Linux the lock is an abstract Unix socket named after the folder: the kernel releases
 * it the moment its process dies, so a restart right after a crash (`kill -9`, a zombie not yet
 * reaped) is never refused, while a second live process is. Elsewhere a lock file holding our
 * PID does the same job, less precisely (a stale PID of a dead process is ignored).
 */
export async function acquireDirLock(dataDir: string, opts: { waitMs?: number } = {}): Promise<() => void> {
  const pidFile = path.join(dataDir, "db.lock");
  if (process.platform !== "linux") return acquirePidFile(pidFile);
  const name = `\0minimarket-db-${createHash("sha256").update(fs.realpathSync(dataDir)).digest("hex").slice(0, 32)}`;
  // A process that is dying still holds its descriptors for a moment: give it that moment.
  const deadline = Date.now() + (opts.waitMs ?? 5000);
  for (;;) {
    const server = net.createServer();
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      server.once("error", resolve);
      server.listen({ path: name }, () => resolve(null));
    });
    if (!error) {
      server.unref();
      fs.writeFileSync(pidFile, String(process.pid));
      return () => {
        server.close();
        removeIfOurs(pidFile);
      };
    }
    if (error.code !== "EADDRINUSE") throw error;
    if (Date.now() >= deadline) throw inUse(dataDir, readPid(pidFile));
    await new Promise((r) => setTimeout(r, 100));
  }
}

function inUse(dataDir: string, pid: number | null): Error {
  const who = pid ? ` (PID ${pid})` : "";
  return new Error(
    `La base de datos en ${dataDir} está en uso por otro proceso${who}. Detén ese proceso primero.`,
  );
}

function readPid(pidFile: string): number | null {
  try {
    const pid = Number(fs.readFileSync(pidFile, "utf8").trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function removeIfOurs(pidFile: string) {
  if (readPid(pidFile) === process.pid) fs.rmSync(pidFile, { force: true });
}

function acquirePidFile(pidFile: string): () => void {
  const pid = readPid(pidFile);
  if (pid && pid !== process.pid && isAlive(pid)) throw inUse(path.dirname(pidFile), pid);
  fs.writeFileSync(pidFile, String(process.pid));
  return () => removeIfOurs(pidFile);
}

/**
 * Whether process `pid` runs on this machine. EPERM means it runs under another user: alive (a
 * process of another user may hold a data folder or be writing a backup).
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
