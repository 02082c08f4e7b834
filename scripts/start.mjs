// `npm start`: builds the site when build/ is missing or older than its sources (scripts/build-if-stale.mjs),
// then runs it as a child process (`node server.js`) and watches it (scripts/supervise.mjs): SIGINT and
// SIGTERM are passed on, and when the site exits with RESTART_EXIT_CODE (a restore scheduled on 'Copias de
// seguridad', ADR 0029) it is started again, which applies the restore. Any other exit ends this command
// the same way. A second start with unchanged sources skips the build.
import path from "node:path";
import { buildIfStale, ROOT } from "./build-if-stale.mjs";
import { supervise } from "./supervise.mjs";

process.chdir(ROOT);
const { code } = await buildIfStale({ log: (msg) => console.log(`[start] ${msg}`) });
if (code !== 0) process.exit(code);

const site = supervise({ args: [path.join(ROOT, "server.js")], cwd: ROOT });
// A terminal's Ctrl-C reaches the site too (same process group); it takes a second one calmly.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => site.stop(signal));
const exit = await site.done;
if (exit.signal) {
  // Ended by a signal: end the same way, so whoever started us sees it.
  process.removeAllListeners(exit.signal);
  process.kill(process.pid, exit.signal);
} else process.exit(exit.code ?? 1);
