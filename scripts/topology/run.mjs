#!/usr/bin/env node
// The topology tests (tests/topology, playwright.topology.config.ts): two instances behind nginx on
// Postgres and S3, in a real browser.
//
//   node scripts/topology/run.mjs [--label=topology] [playwright args...]
//
// Installs nginx (apt-get, as root; NGINX_PATH names another binary) and Chromium when missing, builds
// if stale, and uses the Postgres server in TEST_DATABASE_URL (each run creates fresh databases on it)
// or starts a throwaway cluster (scripts/pg-test-cluster.sh) and stops it afterwards. PG_TEST_DIR names that
// server's cluster folder (scripts/pg-test-cluster.sh start prints it): the database-restart test restarts it. Writes
// test-results/totals-<label>.json like scripts/test.mjs, for .ci/run; the last line printed is `N passed, N failed`.

import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildIfStale, ROOT } from "../build-if-stale.mjs";
import { combine, failedStep, finalLine, readJson, summarizePlaywright } from "../test.mjs";
import { ensureNginx } from "./topology.mjs";

const RESULTS = path.join(ROOT, "test-results");
const REPORT = path.join(RESULTS, "topology.json"); // must match playwright.topology.config.ts

const args = process.argv.slice(2);
const label = (args.find((a) => a.startsWith("--label="))?.slice(8) ?? "topology").replace(/[^\w.-]/g, "_");
const pwArgs = args.filter((a) => !a.startsWith("--label="));
const log = (m) => console.log(`\n[topology] ${m}`);

function runPlaywright(env) {
  return new Promise((resolve) => {
    const child = spawn(
      path.join(ROOT, "node_modules", ".bin", "playwright"),
      ["test", "-c", "playwright.topology.config.ts", ...pwArgs],
      { cwd: ROOT, env, stdio: "inherit" },
    );
    child.once("error", () => resolve(127));
    child.once("exit", (code) => resolve(code));
  });
}

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  const totalsFile = path.join(RESULTS, `totals-${label}.json`);
  rmSync(totalsFile, { force: true });
  let suite;
  let pgDir = "";
  try {
    ensureNginx({ verbose: true });
    const { ensureChromium } = await import("../ensure-chromium.mjs");
    ensureChromium({ verbose: true });
    const build = await buildIfStale({ root: ROOT, log });
    if (build.code !== 0) throw new Error(`build exited with ${build.code}`);
    const env = { ...process.env };
    delete env.DATABASE_URL;
    if (!env.TEST_DATABASE_URL) {
      log("no TEST_DATABASE_URL: starting a throwaway Postgres cluster");
      const out = spawnSync(path.join(ROOT, "scripts", "pg-test-cluster.sh"), ["start"], {
        encoding: "utf8",
      });
      if (out.status !== 0) throw new Error(`pg-test-cluster.sh start failed: ${out.stderr}`);
      env.TEST_DATABASE_URL = /export TEST_DATABASE_URL=(\S+)/.exec(out.stdout)?.[1];
      pgDir = /export PG_TEST_DIR=(\S+)/.exec(out.stdout)?.[1] ?? "";
      // The database-restart test restarts this cluster (tests/topology/07-database-restart.spec.ts).
      env.PG_TEST_DIR = pgDir;
    }
    rmSync(REPORT, { force: true });
    const code = await runPlaywright(env);
    suite = summarizePlaywright(readJson(REPORT), code, "topology");
  } catch (e) {
    console.error(String(e?.message ?? e));
    suite = failedStep("topology", `not run: ${String(e?.message ?? e).split("\n")[0]}`);
  } finally {
    if (pgDir)
      spawnSync(path.join(ROOT, "scripts", "pg-test-cluster.sh"), ["stop", pgDir], { stdio: "ignore" });
  }
  const totals = combine([suite], label);
  writeFileSync(totalsFile, `${JSON.stringify(totals, null, 2)}\n`);
  for (const n of suite.notes) console.log(`[topology]   - ${n}`);
  console.log(finalLine(totals));
  process.exitCode = totals.failed === 0 && suite.exitCode === 0 ? 0 : 1;
}

main();
