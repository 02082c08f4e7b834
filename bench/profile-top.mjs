// Reads the .cpuprofile bench/profile.mjs wrote and prints the functions with the most CPU time
// of their own, then the share of time spent inside each package (or server-bundle function),
// leaving out the server's start-up.
//   node bench/profile-top.mjs <out-dir> [--top 30]
import fs from "node:fs";

const dir = process.argv[2];
const i = process.argv.indexOf("--top");
const top = i === -1 ? 30 : Number(process.argv[i + 1]);
const file = fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
const prof = JSON.parse(fs.readFileSync(`${dir}/${file}`, "utf8"));
const skipUs = Number(fs.existsSync(`${dir}.skip`) ? fs.readFileSync(`${dir}.skip`, "utf8") : 0) * 1000;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Time per sampled node, after start-up.
const timeOf = new Map();
let at = 0;
let total = 0;
prof.samples.forEach((id, k) => {
  const dt = prof.timeDeltas[k] ?? 0;
  at += dt;
  if (at < skipUs) return;
  timeOf.set(id, (timeOf.get(id) ?? 0) + dt);
  total += dt;
});
const pct = (t) => `${((t / total) * 100).toFixed(1).padStart(5)}%`;
const short = (url) => url.replace(/.*node_modules\//, "").replace(/.*\/build\/server\//, "server:");

const self = new Map();
for (const [id, t] of timeOf) {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  const key = `${functionName || "(anonymous)"} ${short(url)}:${lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + t);
}
console.log(`${Math.round(total / 1000)} ms of samples after start-up\n\nself time`);
for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(pct(t), k);

const inside = new Map();
for (const [id, t] of timeOf) {
  const seen = new Set();
  for (let cur = id; cur; cur = parent.get(cur)) {
    const { url, functionName } = byId.get(cur).callFrame;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    const key = pkg ?? (url.includes("build/server") ? `server:${functionName || "(anonymous)"}` : null);
    if (key && !seen.has(key)) {
      seen.add(key);
      inside.set(key, (inside.get(key) ?? 0) + t);
    }
  }
}
console.log("\ntime inside (packages and server functions)");
for (const [k, t] of [...inside].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(pct(t), k);
