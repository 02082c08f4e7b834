import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Four projects: `*.test.ts` run in Node (server code, pure functions), `*.test.tsx` render
// React components in a DOM (happy-dom) for Testing Library, and tests/security/ attacks the
// built site running in its own process (built first when stale); dom-mocked is below.
//
// Unit and DOM test files share their worker's modules (isolate: false): importing the app afresh
// for each of ~200 files was half of the suite's CPU (issue 37: 665 s -> 410-444 s in CI on 2 cores; ADR 0031). It is
// safe because the app keeps no module state (no singletons: services are made per test) and a
// file that stubs a global undoes it when it ends (vi.unstubAllGlobals). A file that
// replaces a module with vi.mock needs its own module graph: it goes in MOCKED_MODULES and runs
// isolated (module-mocks.test.ts keeps the list true).
export const MOCKED_MODULES = ["app/components/chat/photo-draft.test.tsx"];

/**
 * The attack suite's files are the longest (each starts a built site; a few wait for a fresh
 * rate-limit window): they start first. Vitest's own order runs the projects by name, which left
 * them for last, a few files running alone at the end while the cores idled (ADR 0031).
 */
class AttackSuiteFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => (f.project.name === "security" ? 0 : 1);
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    globalSetup: ["scripts/vitest-global-setup.mjs"],
    sequence: { sequencer: AttackSuiteFirst },
    // Most test files spend their time waiting (a database image loading, a built server starting,
    // a child process, a timer) rather than computing: Vitest's default on 2 cores, one worker,
    // left a core idle most of the run. VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 4,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "security",
          include: ["tests/security/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/security/global-setup.mjs"],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          include: ["app/**/*.test.tsx"],
          exclude: MOCKED_MODULES,
          environment: "happy-dom",
          setupFiles: ["app/test/setup-dom.ts"],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "dom-mocked",
          include: MOCKED_MODULES,
          environment: "happy-dom",
          setupFiles: ["app/test/setup-dom.ts"],
        },
      },
    ],
  },
});
