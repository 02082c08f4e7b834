#!/usr/bin/env node
/**
 * The import-cycle check of `npm run lint` (after Biome), in one pass of dependency-cruiser:
 *
 * - no two files import each other, directly or around a loop (the `no-circular` rule of
 *   .dependency-cruiser.cjs, type-only imports included);
 * - no loop between the parts of app/.server, a part being one of its folders (db/, chat/, http/,
 *   ...) or one of the files at its top (services.ts, config.ts, ...): each part imports only
 *   parts below it, so the server reads from the ground up (db and events, then the domains,
 *   then services.ts, then http/). dependency-cruiser's own folder scope counts the top files as
 *   one folder and would miss a loop through services.ts, hence this. Tests are left out: a
 *   test may use any part.
 *
 * Exits 1 and prints each loop with the imports that close it.
 */
import { cruise, format } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const ROOTS = ["app", "server", "scripts"];
const LAYERED = "app/.server/";
const TEST = /\.test\.tsx?$/;

const options = await extractDepcruiseOptions("./.dependency-cruiser.cjs");
const tsConfig = extractTSConfig(options.tsConfig.fileName);
const { output: result } = await cruise(ROOTS, options, {}, { tsConfig });
if (typeof result === "string") throw new Error("dependency-cruiser answered text, not a result");

const files = await format(result, { outputType: "err" });
const loops = partLoops(result.modules);
if (files.exitCode === 0 && loops.length === 0) {
  console.log(`✔ no import cycles (${result.summary.totalCruised} modules)`);
  process.exit(0);
}
if (files.exitCode !== 0) console.error(files.output);
for (const loop of loops) {
  console.error(`✘ parts of app/.server in a loop: ${loop.parts.join(", ")}`);
  for (const edge of loop.edges) console.error(`    ${edge}`);
}
if (loops.length > 0) {
  console.error(
    "\nEach part of app/.server imports only parts below it: move the code to the part it belongs to," +
      "\nor what both need to a part below them both.",
  );
}
process.exit(1);

/** The part of app/.server a module belongs to, or null outside it. */
function partOf(path) {
  if (!path.startsWith(LAYERED)) return null;
  const rest = path.slice(LAYERED.length);
  const slash = rest.indexOf("/");
  return slash === -1 ? rest : `${rest.slice(0, slash)}/`;
}

/** Loops between parts (strongly connected groups of more than one), each with its imports. */
function partLoops(modules) {
  const imports = new Map(); // "a -> b" => ["file -> file", ...]
  for (const m of modules) {
    const from = partOf(m.source);
    if (!from || TEST.test(m.source)) continue;
    for (const d of m.dependencies) {
      const to = partOf(d.resolved);
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      imports.set(key, [...(imports.get(key) ?? []), `${m.source} -> ${d.resolved}`]);
    }
  }
  const next = new Map();
  for (const key of imports.keys()) {
    const [from, to] = key.split(" -> ");
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  return stronglyConnected(next).map((group) => {
    const inside = new Set(group);
    const edges = [...imports]
      .filter(([key]) => key.split(" -> ").every((p) => inside.has(p)))
      .flatMap(([key, list]) => [`${key}:`, ...list.map((e) => `  ${e}`)]);
    return { parts: group.sort(), edges };
  });
}

/** Tarjan's algorithm: the groups of nodes that reach each other, of more than one node. */
function stronglyConnected(next) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group);
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return groups;
}
