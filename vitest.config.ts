import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Two projects, told apart by the file name: `*.test.ts` run in Node (server code, pure
// functions), `*.test.tsx` render React components in a DOM (happy-dom) for Testing Library.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
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
          name: "dom",
          include: ["app/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["app/test/setup-dom.ts"],
        },
      },
    ],
  },
});
