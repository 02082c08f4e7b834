/**
 * dependency-cruiser (https://github.com/sverweij/dependency-cruiser), run by `npm run lint`
 * through scripts/check-cycles.mjs, which adds the check between the folders of app/.server.
 * @type {import("dependency-cruiser").IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "Files that import each other, type-only imports included (as Biome's noImportCycles): " +
        "a loop makes the order modules start in matter and keeps code from moving apart.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    exclude: { path: "(^|/)node_modules/|^\\.react-router/|^build/" },
    // `import type` ties modules together too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mjs", ".js", ".cjs", ".json"],
    },
  },
};
