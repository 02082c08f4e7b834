import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./playwright.config";

// Topology tests (tests/topology): two instances of the BUILT site behind Debian's nginx, on Postgres and an
// S3 server, started once by the worker-scoped `topo` fixture (tests/topology/fixtures.ts). One worker: the
// tests stop and start instances of the one shared deployment. Run with `node scripts/topology/run.mjs`
// (needs TEST_DATABASE_URL, or starts its own Postgres cluster).

export default defineConfig({
  testDir: "tests/topology",
  outputDir: "test-results/topology-artifacts",
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  reporter: [["list"], ["json", { outputFile: "test-results/topology.json" }]],
  use: {
    browserName: "chromium",
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: chromiumLaunchOptions,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
  },
  projects: [{ name: "topology" }],
});
