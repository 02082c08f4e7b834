// Shared output of the benchmarks: the server's resident memory and CPU time, and one machine-readable summary
// line per bench (`SUMMARY {json}`), which bench/all.mjs collects into its table.
import fs from "node:fs";
import autocannon from "autocannon";
import { argText } from "./lib.mjs";

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
}

/**
 * CPU time (user + system) a process has used so far, in ms (Linux /proc, 100 ticks a second);
 * null where it cannot be read. CPU a request moves far less with the machine's load than
 * requests a second do.
 */
export function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * Loads `server` ({ url, pid }) with GET requests for `seconds` over `connections`, request n at
 * `paths(n)`, accepting gzip; throws on any non-2xx answer or error. Requests a second, p50 and
 * p99 latency (ms), and the server's CPU time a request (ms, from /proc).
 */
export async function loadWithCpu(server, paths, { connections, seconds }) {
  const cpu0 = cpuMs(server.pid);
  let n = 0;
  const r = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    headers: { "accept-encoding": "gzip" },
    requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: paths(n++) }) }],
  });
  if (r.non2xx || r.errors)
    throw new Error(`${server.url}${paths(0)}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const cpu = (cpuMs(server.pid) - cpu0) / r.requests.total;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpu };
}

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Prints `SUMMARY {"bench":name,...figures}` on its own line. */
export function summary(bench, figures) {
  console.log(`SUMMARY ${JSON.stringify({ bench, ...figures })}`);
}

/** Seconds without traffic before RSS is read again after a load: `--rss-wait` (all.mjs --quick: 10). */
export const RSS_WAIT = Number(argText("rss-wait") ?? 60);

/**
 * The target (ADR 0017): RSS returns to within 10 % of its idle value 60 s after each bench. A bench reads
 * `rssMb(server.pid)` once the server is up, before any request of its own, and calls this once
 * its load (and every connection it opened) has ended: waits RSS_WAIT seconds, reads RSS again,
 * prints both and returns the SUMMARY value for the figure `RSS_AFTER_LOAD`. Below the idle value
 * counts as within.
 */
export async function rssRecovery(pid, idleMb) {
  await new Promise((r) => setTimeout(r, RSS_WAIT * 1000));
  const after = rssMb(pid);
  const change = ((after - idleMb) / idleMb) * 100;
  const verdict = change <= 10 ? "within 10 %" : "NOT within 10 %";
  const wait = `${RSS_WAIT} s${RSS_WAIT === 60 ? "" : " (not the 60 s of the target)"}`;
  const signed = `${change >= 0 ? "+" : ""}${change.toFixed(1)} %`;
  console.log(
    `  server RSS: ${idleMb} MB idle before the load, ${after} MB ${wait} after it (${signed}): ${verdict}`,
  );
  return `${idleMb} → ${after} MB after ${wait} (${signed}): ${verdict}`;
}

/** The SUMMARY figure of rssRecovery. */
export const RSS_AFTER_LOAD = "RSS idle → after the load";
