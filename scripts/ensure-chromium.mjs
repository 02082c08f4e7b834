#!/usr/bin/env node
// Makes sure a Chromium binary exists for the Playwright end-to-end tests.
//
// Playwright's own browser downloads are not used (and not reachable on our machines); we use Debian's
// `chromium-headless-shell` package instead: the same Chromium build as Debian's `chromium`, in the
// headless-only form Playwright itself uses for headless runs. It opens a browser context with a
// quarter of the full browser's CPU (docs/decisions/0026-e2e-headless-shell.md). The path defaults to
// /usr/bin/chromium-headless-shell and can be overridden with CHROMIUM_PATH (playwright.config.ts
// reads the same variable), e.g. CHROMIUM_PATH=/usr/bin/chromium for the full browser.
//
// The web push tests need the full browser (`chromium`, /usr/bin/chromium; CHROMIUM_FULL_PATH): the
// headless shell keeps the notification permission 'denied' whatever a test grants.
//
// - Present: prints nothing unless --verbose, exits 0 (fast: two stat calls).
// - Missing and running as root at the default paths: `apt-get update` + `apt-get install -y` the
//   missing packages.
// - Missing otherwise: prints how to install them and exits 1.
//
// Usable both as a CLI (`node scripts/ensure-chromium.mjs`) and as a module (`ensureChromium()`).

import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { pathToFileURL } from "node:url";

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium-headless-shell";
/** The full browser, for the few tests that need what the headless shell lacks (notification permission). */
export const FULL_CHROMIUM_PATH = "/usr/bin/chromium";
const PACKAGES = { [DEFAULT_CHROMIUM_PATH]: "chromium-headless-shell", [FULL_CHROMIUM_PATH]: "chromium" };

export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH?.trim() || DEFAULT_CHROMIUM_PATH;
}

/** The full browser's path: CHROMIUM_FULL_PATH, else Debian's. */
export function fullChromiumPath(env = process.env) {
  return env.CHROMIUM_FULL_PATH?.trim() || FULL_CHROMIUM_PATH;
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function run(cmd, args, env) {
  console.log(`[ensure-chromium] $ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.error) throw new Error(`${cmd} could not start: ${r.error.message}`);
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(" ")} exited with ${r.status ?? `signal ${r.signal}`}`);
  }
}

function howToInstall(files) {
  return [
    `[ensure-chromium] Chromium was not found at ${files.join(" and ")}.`,
    "  The end-to-end tests use Debian's Chromium (Playwright's browser downloads are not used).",
    "  Install it as root with:",
    `    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${files.map((f) => PACKAGES[f]).join(" ")}`,
    "  or point CHROMIUM_PATH (and CHROMIUM_FULL_PATH) at existing Chromium/Chrome binaries.",
  ].join("\n");
}

/**
 * Returns the tests' Chromium path; installs Debian's packages for it and the full browser if they
 * are missing and we may. Throws on failure.
 */
export function ensureChromium({ env = process.env, verbose = false } = {}) {
  const wanted = [chromiumPath(env), fullChromiumPath(env)];
  const missing = wanted.filter((file) => !isExecutable(file));
  if (missing.length === 0) {
    if (verbose) console.log(`[ensure-chromium] using ${wanted.join(" and ")}`);
    return wanted[0];
  }
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const custom = missing.filter((file) => !PACKAGES[file]);
  if (custom.length > 0) {
    throw new Error(
      `[ensure-chromium] ${custom.join(" and ")} is not an executable file.\n` +
        "  Unset CHROMIUM_PATH / CHROMIUM_FULL_PATH to use (and auto-install) Debian's packages.",
    );
  }
  if (!isRoot) throw new Error(howToInstall(missing));
  const packages = missing.map((file) => PACKAGES[file]);
  console.log(`[ensure-chromium] ${missing.join(" and ")} missing; installing ${packages.join(" ")}...`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: "noninteractive" };
  run("apt-get", ["update"], aptEnv);
  run("apt-get", ["install", "-y", ...packages], aptEnv);
  const still = missing.filter((file) => !isExecutable(file));
  if (still.length > 0) {
    throw new Error(
      `[ensure-chromium] apt-get install finished but ${still.join(" and ")} is still missing.`,
    );
  }
  console.log(`[ensure-chromium] installed ${missing.join(" and ")}`);
  return wanted[0];
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  try {
    ensureChromium({ verbose: process.argv.includes("--verbose") });
  } catch (e) {
    console.error(e.message.startsWith("[ensure-chromium]") ? e.message : `[ensure-chromium] ${e.message}`);
    process.exit(1);
  }
}
