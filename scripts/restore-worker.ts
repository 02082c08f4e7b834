// The restore worker (app/.server/backup/pending-restore.ts restoreInChild), started by a start that
// applies a restore asked for on 'Copias de seguridad', with `node --import tsx`: reads its task as one
// JSON line on stdin, answers JSON lines on stdout. It finishes (or puts everything back) even if its
// parent goes away: a restore stopped halfway would leave the folder set aside.
import readline from "node:readline";
import { type RestoreWorkerInput, runRestoreWorker } from "../app/.server/backup/pending-restore";
import { ownerOnlyFromNowOn } from "../app/.server/owner-only";

ownerOnlyFromNowOn();
const lines = readline.createInterface({ input: process.stdin });
lines.once("line", (line) => {
  lines.close();
  const input = JSON.parse(line) as RestoreWorkerInput;
  runRestoreWorker(input, (m) => process.stdout.write(`${JSON.stringify(m)}\n`)).then(
    (ok) => process.exit(ok ? 0 : 1),
    () => process.exit(1),
  );
});
