import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Three projects: `*.test.ts` run in Node (server code, pure functions), `*.test.tsx` render
// React components in a DOM (happy-dom) for Testing Library, and tests/security/ attacks the
// built site running in its own process (built first when stale).
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
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
          environment: "happy-dom",
          setupFiles: ["app/test/setup-dom.ts"],
        },
      },
    ],
  },
});
