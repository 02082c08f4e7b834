// Child process for the data-folder lock test: takes the lock, says so, then waits to be killed.
import { acquireDirLock } from "../db/dir-lock";

const dir = process.argv[2];
if (!dir) throw new Error("usage: lock-holder <dir>");
await acquireDirLock(dir);
process.stdout.write("locked\n");
setInterval(() => {}, 60_000);
