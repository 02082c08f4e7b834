// Child process for the durability test: writes one row, then dies without closing anything.
import { openPglite } from "../db/client";
import { products } from "../db/schema";

const dir = process.argv[2];
if (!dir) throw new Error("usage: crash-writer <dir> <name>");
const h = await openPglite(dir);
await h.db.insert(products).values({ name: process.argv[3] ?? "x" });
process.stdout.write("written\n");
process.kill(process.pid, "SIGKILL");
