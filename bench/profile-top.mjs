import fs from "node:fs";
const dir = process.argv[2];
const file = fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
const prof = JSON.parse(fs.readFileSync(`${dir}/${file}`));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = prof.timeDeltas; let total = 0;
const counts = new Map();
const skip = Number(fs.readFileSync(`${dir}.skip`, "utf8")) * 1000; let at = 0;
prof.samples.forEach((id, i) => { at += dt[i] ?? 0; if (at < skip) return; counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)); total += dt[i] ?? 0; });
// self by function
for (const [id, t] of counts) { const n = byId.get(id); const cf = n.callFrame; const k = `${cf.functionName || "(anon)"} ${cf.url.replace(/.*node_modules\//, "nm/").replace(/.*wt-16\//, "")}:${cf.lineNumber}`; self.set(k, (self.get(k) ?? 0) + t); }
console.log("total ms", Math.round(total / 1000));
[...self].sort((a, b) => b[1] - a[1]).slice(0, 30).forEach(([k, t]) => console.log((t / total * 100).toFixed(1).padStart(5) + "%", k));
// inclusive by package
const parent = new Map(); for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, t] of counts) { const seen = new Set(); let cur = id; while (cur) { const n = byId.get(cur); const u = n.callFrame.url; const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u); const k = m ? m[1] : u.includes("build/server") ? "build/server:" + n.callFrame.functionName : null; if (k && !seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); } cur = parent.get(cur); } }
console.log("--- inclusive");
[...incl].sort((a, b) => b[1] - a[1]).slice(0, 40).forEach(([k, t]) => console.log((t / total * 100).toFixed(1).padStart(5) + "%", k));
