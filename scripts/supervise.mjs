// The supervisor of `npm start` (scripts/start.mjs): runs the site as a child process and starts it again
// when it exits with RESTART_EXIT_CODE (a restore scheduled on 'Copias de seguridad', ADR 0029).
import { spawn } from "node:child_process";
import { RESTART_EXIT_CODE } from "../server/exit-codes.mjs";

/** Restarts closer together than this count towards `maxQuickRestarts` (a loop, not a restore). */
const QUICK_RESTART_MS = 30_000;

/**
 * Runs `node ...args` with inherited output; on RESTART_EXIT_CODE runs it again (at most
 * `maxQuickRestarts` times within 30 s). `stop(signal)` passes the signal on and ends the
 * supervision whatever the child then exits with. `done` resolves with the last exit.
 */
export function supervise({
  args,
  cwd,
  env = process.env,
  stdio = "inherit",
  maxQuickRestarts = 5,
  log = (m) => console.log(m),
}) {
  let child = null;
  let stopping = false;
  const recent = [];
  let finish;
  const done = new Promise((resolve) => {
    finish = resolve;
  });
  const run = () => {
    child = spawn(process.execPath, args, { cwd, env, stdio });
    child.once("error", (err) => {
      log(`[start] No se pudo iniciar el servidor: ${err.message}`);
      finish({ code: 1, signal: null });
    });
    child.once("exit", (code, signal) => {
      if (!stopping && code === RESTART_EXIT_CODE) {
        const now = Date.now();
        while (recent.length > 0 && now - recent[0] > QUICK_RESTART_MS) recent.shift();
        recent.push(now);
        if (recent.length <= maxQuickRestarts) {
          log("[start] El sitio pidió reiniciarse (restauración de una copia): arrancando de nuevo...");
          run();
          return;
        }
        log("[start] El sitio pidió reiniciarse demasiadas veces seguidas: se detiene.");
      }
      finish({ code, signal });
    });
  };
  run();
  return {
    done,
    get pid() {
      return child?.pid;
    },
    stop(signal) {
      stopping = true;
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}
