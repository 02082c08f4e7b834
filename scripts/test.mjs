#!/usr/bin/env node
// `npm test`: unit/integration tests (Vitest) + end-to-end tests (Playwright on Debian's Chromium).
//
//   node scripts/test.mjs              ensure Chromium, build if stale, vitest, playwright
//   node scripts/test.mjs --unit-only  vitest only (no Chromium, no build)
//   node scripts/test.mjs --project=NAME  only this Vitest project (repeatable; vitest.config.ts)
//   node scripts/test.mjs --label=NAME name of this run's totals file (default: "all", or "unit" /
//                                      "unit-pg" with --unit-only, "-pg" when TEST_DATABASE_URL is set)
//
// TEST_DATABASE_URL, when set, is passed through to Vitest (integration tests then also run on Postgres).
//
// Reports: test-results/vitest.json (vitest-<label>.json for a label other than "all"),
// test-results/e2e.json (Playwright, see playwright.config.ts) and test-results/totals-<label>.json with this
// run's totals, which .ci/run adds up. The last line printed is `N passed, N failed`; skipped tests count as
// neither. A suite that failed without a readable report counts as 1 failed. Exit code 1 if anything failed.

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { buildIfStale, ROOT } from "./build-if-stale.mjs";

const RESULTS_DIR = path.join(ROOT, "test-results");
const E2E_REPORT = path.join(RESULTS_DIR, "e2e.json"); // must match playwright.config.ts

// ---------------------------------------------------------------------------------------------------------
// Report parsing (pure functions, exported so they can be exercised on their own).

/**
 * @typedef {{ name: string, passed: number, failed: number, skipped: number, exitCode: number | null,
 *             notes: string[], seconds?: number }} SuiteTotals
 */

/** @returns {SuiteTotals} */
function suite(name, exitCode = null) {
  return { name, passed: 0, failed: 0, skipped: 0, exitCode, notes: [] };
}

/** If the tool failed but its report shows no failure, count the run itself as one failure. */
function reconcileExitCode(t, what) {
  if (t.exitCode !== 0 && t.failed === 0) {
    t.failed = 1;
    t.notes.push(`${what} exited with ${t.exitCode ?? "a signal"} although its report shows no failed test`);
  }
  return t;
}

/**
 * Vitest's JSON reporter (Jest-compatible). A test file that failed to load (syntax error, failing
 * beforeAll, ...) has no failed assertions: it counts as one failure.
 * @param {any} report parsed JSON, or null when missing/unreadable
 * @param {number | null} exitCode
 * @returns {SuiteTotals}
 */
export function summarizeVitest(report, exitCode, name = "vitest") {
  const t = suite(name, exitCode);
  if (!report || typeof report !== "object") {
    t.failed = 1;
    t.notes.push("no readable report (vitest crashed or did not start)");
    return t;
  }
  t.passed = num(report.numPassedTests);
  t.failed = num(report.numFailedTests);
  t.skipped = num(report.numPendingTests) + num(report.numTodoTests);
  for (const file of Array.isArray(report.testResults) ? report.testResults : []) {
    const assertions = Array.isArray(file.assertionResults) ? file.assertionResults : [];
    const failedHere = assertions.filter((a) => a.status === "failed");
    for (const a of failedHere) {
      const where = path.relative(ROOT, String(file.name));
      const msg = firstLine((a.failureMessages ?? [])[0]);
      t.notes.push(`failed: ${where} > ${a.fullName ?? a.title}${msg ? `: ${msg}` : ""}`);
    }
    if (file.status === "failed" && failedHere.length === 0) {
      t.failed += 1;
      const msg = firstLine(file.message);
      t.notes.push(
        `file failed outside tests: ${path.relative(ROOT, String(file.name))}${msg ? `: ${msg}` : ""}`,
      );
    }
  }
  return reconcileExitCode(t, "vitest");
}

/**
 * Playwright's JSON reporter. `expected` = passed, `flaky` = passed on retry (counted as passed),
 * `unexpected` = failed, `skipped` = skipped. Top-level errors (config, global setup, a worker teardown
 * failure, ...) with no failed test count as one failure.
 * @param {any} report parsed JSON, or null when missing/unreadable
 * @param {number | null} exitCode
 * @returns {SuiteTotals}
 */
export function summarizePlaywright(report, exitCode, name = "playwright") {
  const t = suite(name, exitCode);
  const stats = report && typeof report === "object" ? report.stats : null;
  if (!stats || typeof stats !== "object") {
    t.failed = 1;
    t.notes.push("no readable report (playwright crashed or did not start)");
    return t;
  }
  t.passed = num(stats.expected) + num(stats.flaky);
  t.failed = num(stats.unexpected);
  t.skipped = num(stats.skipped);
  if (num(stats.flaky) > 0) t.notes.push(`${num(stats.flaky)} flaky (passed on retry)`);
  for (const { status, title, error } of playwrightTests(report)) {
    if (status === "unexpected") t.notes.push(`failed: ${title}${error ? `: ${error}` : ""}`);
    else if (status === "flaky") t.notes.push(`flaky: ${title}`);
  }
  const errors = Array.isArray(report.errors) ? report.errors : [];
  if (errors.length > 0) {
    if (t.failed === 0) t.failed = 1;
    const first = String(errors[0]?.message ?? "").split("\n")[0];
    t.notes.push(`${errors.length} error(s) outside tests${first ? `: ${first}` : ""}`);
  }
  return reconcileExitCode(t, "playwright");
}

/** Every test of a Playwright JSON report, with its outcome and the first line of its first error. */
function* playwrightTests(report, trail = []) {
  for (const s of Array.isArray(report.suites) ? report.suites : []) {
    const here = s.title && !String(s.title).endsWith(".ts") ? [...trail, s.title] : trail;
    for (const spec of Array.isArray(s.specs) ? s.specs : []) {
      for (const test of Array.isArray(spec.tests) ? spec.tests : []) {
        const results = Array.isArray(test.results) ? test.results : [];
        const error = results.map((r) => r?.error?.message).find(Boolean);
        yield {
          status: test.status,
          title: `[${test.projectName}] ${spec.file}:${spec.line} › ${[...here, spec.title].join(" › ")}`,
          error: firstLine(error),
        };
      }
    }
    yield* playwrightTests(s, here);
  }
}

/** First line of an error message without terminal colours, at most 200 characters. */
function firstLine(message) {
  const line = stripVTControlCharacters(String(message ?? ""))
    .split("\n")[0]
    .trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** A step that is not a test suite but failed (build, Chromium): one failure. */
export function failedStep(name, note) {
  const t = suite(name, 1);
  t.failed = 1;
  t.notes.push(note);
  return t;
}

/** @param {SuiteTotals[]} suites */
export function combine(suites, label = "all") {
  return {
    label,
    passed: suites.reduce((n, s) => n + s.passed, 0),
    failed: suites.reduce((n, s) => n + s.failed, 0),
    skipped: suites.reduce((n, s) => n + s.skipped, 0),
    suites,
  };
}

export function finalLine(totals) {
  return `${totals.passed} passed, ${totals.failed} failed`;
}

function num(v) {
  return Number.isFinite(v) && v > 0 ? Math.trunc(v) : 0;
}

export function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Steps.

function log(msg) {
  console.log(`\n[test] ${msg}`);
}

/** Spawns with inherited stdio and env; resolves to the exit code (null when killed by a signal). */
function run(cmd, args, { env = process.env } = {}) {
  console.log(`[test] $ ${[cmd, ...args].join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: "inherit" });
    child.once("error", (e) => {
      console.error(`[test] could not start ${cmd}: ${e.message}`);
      resolve(127);
    });
    child.once("exit", (code, signal) => {
      if (signal) console.error(`[test] ${cmd} was killed by ${signal}`);
      resolve(code);
    });
  });
}

/** Local binary from node_modules/.bin, else npx without installing anything. */
function bin(name) {
  const local = path.join(ROOT, "node_modules", ".bin", name);
  return existsSync(local) ? { cmd: local, pre: [] } : { cmd: "npx", pre: ["--no", "--", name] };
}

function parseArgs(argv) {
  const opts = { unitOnly: false, label: "", projects: [] };
  for (const a of argv) {
    if (a === "--unit-only") opts.unitOnly = true;
    else if (a.startsWith("--project=")) opts.projects.push(a.slice("--project=".length));
    else if (a.startsWith("--label=")) opts.label = a.slice("--label=".length).replace(/[^\w.-]/g, "_");
    else if (a === "-h" || a === "--help") {
      console.log("usage: node scripts/test.mjs [--unit-only] [--project=NAME]... [--label=NAME]");
      process.exit(0);
    } else {
      console.error(`[test] unknown argument ${a}`);
      process.exit(2);
    }
  }
  if (!opts.label)
    opts.label = `${opts.unitOnly ? "unit" : "all"}${process.env.TEST_DATABASE_URL ? "-pg" : ""}`;
  return opts;
}

/** The suite's wall-clock seconds since `started` (printed in the summary and by .ci/run). */
function timed(suite, started) {
  suite.seconds = Math.round((Date.now() - started) / 1000);
  return suite;
}

function printSummary(totals) {
  console.log("\n[test] ───────────────────────── summary ─────────────────────────");
  for (const s of totals.suites) {
    const exit = s.exitCode === 0 ? "" : `  (exit ${s.exitCode ?? "signal"})`;
    const took = s.seconds === undefined ? "" : ` in ${s.seconds} s`;
    console.log(
      `[test] ${s.name.padEnd(12)} ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped${took}${exit}`,
    );
    for (const n of s.notes) console.log(`[test]   - ${n}`);
  }
  if (totals.passed + totals.failed === 0) console.log("[test] WARNING: no test was run");
  console.log(finalLine(totals));
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  mkdirSync(RESULTS_DIR, { recursive: true });
  const totalsFile = path.join(RESULTS_DIR, `totals-${opts.label}.json`);
  rmSync(totalsFile, { force: true });
  /** @type {SuiteTotals[]} */
  const suites = [];

  // (a) Chromium and (b) build: only needed for the end-to-end tests.
  let e2eBlocked = null;
  if (!opts.unitOnly) {
    log("checking Chromium");
    try {
      const { ensureChromium } = await import("./ensure-chromium.mjs");
      ensureChromium({ verbose: true });
    } catch (e) {
      console.error(String(e?.message ?? e));
      e2eBlocked = failedStep("chromium", "Chromium is not available; end-to-end tests not run");
    }

    const build = await buildIfStale({ root: ROOT, log });
    if (build.code !== 0) {
      e2eBlocked ??= failedStep(
        "build",
        `react-router build exited with ${build.code}; end-to-end tests not run`,
      );
    }
  }

  // (c) Vitest.
  const vitestReport = path.join(
    RESULTS_DIR,
    opts.label === "all" ? "vitest.json" : `vitest-${opts.label}.json`,
  );
  rmSync(vitestReport, { force: true });
  log(
    `vitest${process.env.TEST_DATABASE_URL ? " (TEST_DATABASE_URL is set: integration tests also use Postgres)" : ""}`,
  );
  const vitest = bin("vitest");
  let started = Date.now();
  const vitestCode = await run(vitest.cmd, [
    ...vitest.pre,
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile=${path.relative(ROOT, vitestReport)}`,
    "--passWithNoTests",
    ...opts.projects.flatMap((name) => ["--project", name]),
  ]);
  suites.push(timed(summarizeVitest(readJson(vitestReport), vitestCode), started));

  // (d) Playwright.
  if (!opts.unitOnly) {
    if (e2eBlocked) {
      suites.push(e2eBlocked);
    } else {
      rmSync(E2E_REPORT, { force: true });
      log("playwright");
      const pw = bin("playwright");
      started = Date.now();
      const pwCode = await run(pw.cmd, [...pw.pre, "test", "--pass-with-no-tests"]);
      suites.push(timed(summarizePlaywright(readJson(E2E_REPORT), pwCode), started));
    }
  }

  // (e) Totals.
  const totals = combine(suites, opts.label);
  writeFileSync(totalsFile, `${JSON.stringify(totals, null, 2)}\n`);
  printSummary(totals);
  const ok = totals.failed === 0 && suites.every((s) => s.exitCode === 0);
  process.exitCode = ok ? 0 : 1;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  main().catch((e) => {
    console.error(e);
    console.log("0 passed, 1 failed");
    process.exitCode = 1;
  });
}
