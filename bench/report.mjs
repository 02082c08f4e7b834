// Shared output of the benchmarks: the server's resident memory and one machine-readable summary
// line per bench (`SUMMARY {json}`), which bench/all.mjs collects into its table.
import fs from "node:fs";

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
}

/** Prints `SUMMARY {"bench":name,...figures}` on its own line. */
export function summary(bench, figures) {
  console.log(`SUMMARY ${JSON.stringify({ bench, ...figures })}`);
}
