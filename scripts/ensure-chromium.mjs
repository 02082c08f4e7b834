#!/usr/bin/env node
// Makes sure a Chromium binary exists for the Playwright end-to-end tests.
//
// Playwright's own browser downloads are not used (and not reachable on our machines); we use Debian's
// `chromium` package instead. The path defaults to /usr/bin/chromium and can be overridden with
// CHROMIUM_PATH (playwright.config.ts reads the same variable).
//
// - Present: prints nothing unless --verbose, exits 0 (fast: one stat call).
// - Missing and running as root at the default path: `apt-get update` + `apt-get install -y chromium`.
// - Missing otherwise: prints how to install it and exits 1.
//
// Usable both as a CLI (`node scripts/ensure-chromium.mjs`) and as a module (`ensureChromium()`).

import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { pathToFileURL } from "node:url";

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH?.trim() || DEFAULT_CHROMIUM_PATH;
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

function howToInstall(file) {
  return [
    `[ensure-chromium] Chromium was not found at ${file}.`,
    "  The end-to-end tests use Debian's Chromium (Playwright's browser downloads are not used).",
    "  Install it as root with:",
    "    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium",
    "  or point CHROMIUM_PATH at an existing Chromium/Chrome binary.",
  ].join("\n");
}

/** Returns the Chromium path; installs Chromium if it is missing and we may. Throws on failure. */
export function ensureChromium({ env = process.env, verbose = false } = {}) {
  const file = chromiumPath(env);
  if (isExecutable(file)) {
    if (verbose) console.log(`[ensure-chromium] using ${file}`);
    return file;
  }
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const isDefault = file === DEFAULT_CHROMIUM_PATH;
  if (!isRoot || !isDefault) {
    throw new Error(
      isDefault
        ? howToInstall(file)
        : `[ensure-chromium] CHROMIUM_PATH=${file} is not an executable file.\n` +
            "  Unset CHROMIUM_PATH to use (and auto-install) /usr/bin/chromium.",
    );
  }
  console.log(`[ensure-chromium] ${file} missing; installing Debian's chromium package...`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: "noninteractive" };
  run("apt-get", ["update"], aptEnv);
  run("apt-get", ["install", "-y", "chromium"], aptEnv);
  if (!isExecutable(file)) {
    throw new Error(`[ensure-chromium] apt-get install finished but ${file} is still missing.`);
  }
  console.log(`[ensure-chromium] installed ${file}`);
  return file;
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
