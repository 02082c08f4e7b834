import { defineConfig } from "@playwright/test";
import { chromiumPath, fullChromiumPath } from "./scripts/ensure-chromium.mjs";

// End-to-end tests run against the BUILT app (`npm run build`), one server per Playwright worker,
// started by the worker-scoped `server` fixture in tests/e2e/fixtures.ts (so there is no webServer block).
//
// Browsers: we never download Playwright's own builds; we drive Debian's Chromium in its headless-shell
// form (package chromium-headless-shell, which scripts/ensure-chromium.mjs installs; ADR 0026).
// CHROMIUM_PATH overrides the binary. Tests tagged @full-browser (web push: the headless shell keeps the
// notification permission 'denied') run in Debian's full Chromium, in the `desktop-full` and `phone-full` projects.

const isCI = !!process.env.CI;

// Two cores: two workers (each owns one app server + one browser). E2E_WORKERS overrides.
const workers = Number(process.env.E2E_WORKERS) || 2;

/** Debian's Chromium, headless on a small machine (also used by playwright.topology.config.ts). */
export const chromiumLaunchOptions = {
  executablePath: chromiumPath(),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
  ],
};

/** Tests that need the full browser (see above). */
const FULL_BROWSER = /@full-browser/;
/**
 * Tests of the server's behaviour (guards, presence timers, backups), the same on any screen: they
 * run on the desktop project only; a second run on the phone told nothing new (issue 37).
 */
const ANY_SCREEN = /@any-screen/;
const fullBrowser = { launchOptions: { ...chromiumLaunchOptions, executablePath: fullChromiumPath() } };

// The two screens every spec runs on (*.phone.spec.ts only makes sense on a phone-sized screen,
// *.desktop.spec.ts on a wide one; *.nojs.spec.ts runs in its own project, with JavaScript off).
const DESKTOP = {
  testIgnore: [/\.phone\.spec\.ts$/, /\.nojs\.spec\.ts$/],
  use: { viewport: { width: 1280, height: 800 } },
};
const PHONE = {
  testIgnore: [/\.desktop\.spec\.ts$/, /\.nojs\.spec\.ts$/],
  use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};

export default defineConfig({
  testDir: "tests/e2e",
  // Playwright wipes outputDir at start: keep it apart from test-results/*.json written by other tools.
  outputDir: "test-results/e2e-artifacts",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    browserName: "chromium",
    headless: true,
    launchOptions: chromiumLaunchOptions,
    trace: isCI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [
    { name: "desktop", ...DESKTOP, grepInvert: FULL_BROWSER },
    { name: "desktop-full", ...DESKTOP, grep: FULL_BROWSER, use: { ...DESKTOP.use, ...fullBrowser } },
    { name: "phone", ...PHONE, grepInvert: [FULL_BROWSER, ANY_SCREEN] },
    { name: "phone-full", ...PHONE, grep: FULL_BROWSER, use: { ...PHONE.use, ...fullBrowser } },
    {
      // Every public form end to end with JavaScript off, on a phone (docs/decisions/0019).
      name: "no-js",
      testMatch: /\.nojs\.spec\.ts$/,
      use: {
        javaScriptEnabled: false,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
});
