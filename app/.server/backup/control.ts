import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";
import type { Logger } from "../logger";
import type { BackupProgress } from "./create";

/**
 * How `npm run backup` reaches a running site on the embedded database, which only one process
 * may open (docs/decisions/0019-backups.md): the server listens on a Unix socket inside DATA_DIR,
 * in a folder only its owner can enter, so whoever may ask for a backup this way could read the
 * database files anyway. The command asks; the server backs up and streams its progress back.
 */

export type ControlReply =
  | ({ type: "progress" } & BackupProgress)
  | { type: "done"; file: string; bytes: number; rows: number; files: number }
  | { type: "error"; message: string };

/** Unix socket paths are limited to ~107 bytes; a deeper DATA_DIR gets no socket (null). */
export function controlSocketPath(dataDir: string): string | null {
  const p = path.join(dataDir, "run", "control.sock");
  return Buffer.byteLength(p) <= 100 ? p : null;
}

export async function startControlServer(opts: {
  dataDir: string;
  logger: Logger;
  backup: (onProgress: (p: BackupProgress) => void) => Promise<Extract<ControlReply, { type: "done" }>>;
}): Promise<() => void> {
  const socket = controlSocketPath(opts.dataDir);
  if (!socket) {
    opts.logger.warn(
      "DATA_DIR es demasiado largo para el socket de control: npm run backup necesitará detener el servidor",
    );
    return () => {};
  }
  const dir = path.dirname(socket);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  // This process holds the database folder's lock: a socket file left here is a dead server's.
  fs.rmSync(socket, { force: true });
  const server = net.createServer((conn) => {
    conn.on("error", () => {});
    const send = (m: ControlReply) => {
      if (!conn.destroyed) conn.write(`${JSON.stringify(m)}\n`);
    };
    const lines = readline.createInterface({ input: conn });
    lines.once("line", (line) => {
      let command = "";
      try {
        command = String((JSON.parse(line) as { command?: unknown }).command ?? "");
      } catch {
        // Answered below.
      }
      if (command !== "backup") {
        send({ type: "error", message: "Orden desconocida." });
        conn.end();
        return;
      }
      opts
        .backup((p) => send({ type: "progress", ...p }))
        .then(
          (done) => send(done),
          (err: Error) => send({ type: "error", message: err.message }),
        )
        .finally(() => conn.end());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, () => resolve());
  });
  fs.chmodSync(socket, 0o600);
  server.unref();
  return () => {
    server.close();
    fs.rmSync(socket, { force: true });
  };
}

/**
 * Asks the running server for a backup. Null when no server listens (none is running, or it is
 * an older version without the socket): the caller backs up by itself.
 */
export async function requestBackup(
  dataDir: string,
  onProgress: (p: BackupProgress) => void,
): Promise<Extract<ControlReply, { type: "done" }> | null> {
  const socket = controlSocketPath(dataDir);
  if (!socket || !fs.existsSync(socket)) return null;
  return new Promise((resolve, reject) => {
    const conn = net.connect(socket);
    let answered = false;
    conn.once("error", (err: NodeJS.ErrnoException) => {
      if (!answered && (err.code === "ECONNREFUSED" || err.code === "ENOENT")) resolve(null);
      else reject(err);
    });
    conn.once("connect", () => conn.write(`${JSON.stringify({ command: "backup" })}\n`));
    readline.createInterface({ input: conn }).on("line", (line) => {
      answered = true;
      const m = JSON.parse(line) as ControlReply;
      if (m.type === "progress") onProgress(m);
      else if (m.type === "done") resolve(m);
      else reject(new Error(m.message));
    });
    conn.once("close", () => {
      if (!answered) resolve(null);
    });
  });
}
