// The backup worker (app/.server/backup/worker.ts), started by the server or the backup command
// with `node --import tsx`: reads its task as one JSON line on stdin, answers JSON lines on stdout,
// and stops when its parent goes away (stdin closes), leaving only a partial file behind.
import readline from "node:readline";
import { runWorker, type WorkerInput, type WorkerMessage } from "../app/.server/backup/worker";

const emit = (m: WorkerMessage) => process.stdout.write(`${JSON.stringify(m)}\n`);
const lines = readline.createInterface({ input: process.stdin });
let started = false;
lines.on("line", (line) => {
  if (started) return;
  started = true;
  const input = JSON.parse(line) as WorkerInput;
  runWorker(input, emit).then(
    () => process.exit(0),
    (err) => {
      emit({ type: "error", message: err instanceof Error ? err.message : String(err) });
      process.exit(1);
    },
  );
});
lines.on("close", () => process.exit(started ? 3 : 2));
