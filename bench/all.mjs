// Every benchmark in turn, then one summary table (Markdown) of their figures with the load average
// each started at. Run `npm run build` first.
//   node bench/all.mjs [--quick] [--skip lighthouse,chat]
// --quick shortens the load runs (5 s, 200 chat visitors) for a smoke check. Each bench's own
// output is shown as it runs; its `SUMMARY {json}` line is what the table collects.
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./lib.mjs";

const quick = process.argv.includes("--quick");
const i = process.argv.indexOf("--skip");
const skip = new Set(i === -1 ? [] : process.argv[i + 1].split(","));
const secs = quick ? ["--seconds", "5"] : [];
// ADR 0017: RSS back within 10 % of idle 60 s after each load (bench/report.mjs); 10 s with --quick.
const wait = quick ? ["--rss-wait", "10"] : [];
const BENCHES = [
  ["baseline", ["baseline.mjs", ...secs, ...wait]],
  ["first-load", ["first-load.mjs"]],
  ["shop", ["shop.mjs", ...secs, ...wait]],
  ["tracking", ["tracking.mjs", ...secs, ...wait]],
  ["staff-lists", ["staff-lists.mjs", ...secs, ...wait]],
  ["shipments", ["shipments.mjs", ...(quick ? ["--rounds", "2"] : [])]],
  [
    "backup",
    ["backup.mjs", ...(quick ? ["--orders", "1000", "--conversations", "1000", "--images", "50"] : [])],
  ],
  [
    "chat",
    ["chat.mjs", ...wait, ...(quick ? ["--visitors", "200", "--replies", "100", "--messages", "400"] : [])],
  ],
  ["streams", ["streams.mjs", ...wait, ...(quick ? ["--max", "400"] : [])]],
  ["memory", ["memory.mjs", ...wait, ...(quick ? ["--settle", "5"] : [])]],
  ["lighthouse", ["lighthouse.mjs"]],
  ["lighthouse-3g", ["lighthouse.mjs", "--preset=3g"]],
];

function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, "bench", args[0]), ...args.slice(1)], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const summaries = [];
    let rest = "";
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) if (line.startsWith("SUMMARY ")) summaries.push(JSON.parse(line.slice(8)));
    });
    child.once("exit", (code) => resolve({ code, summaries }));
  });
}

const rows = [];
const started = new Date();
for (const [name, args] of BENCHES) {
  if (skip.has(name)) continue;
  console.log(`\n=== ${name} (load average ${os.loadavg()[0].toFixed(2)})`);
  const { code, summaries } = await run(args);
  if (summaries.length === 0)
    rows.push({ bench: name, figure: "—", value: `failed (exit ${code})`, load: "" });
  for (const s of summaries) {
    const { bench, load, ...figures } = s;
    for (const [figure, value] of Object.entries(figures)) {
      rows.push({ bench, figure, value, load: typeof load === "number" ? load.toFixed(2) : "" });
    }
  }
}

console.log(
  `\n## Summary, ${started.toISOString().slice(0, 16).replace("T", " ")} UTC, ${os.cpus().length} cores\n`,
);
console.log("| bench | figure | value | load |\n|---|---|---|---|");
for (const r of rows) console.log(`| ${r.bench} | ${r.figure} | ${r.value} | ${r.load} |`);
