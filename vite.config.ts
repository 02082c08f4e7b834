import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const APP_DIR = fileURLToPath(new URL("./app", import.meta.url));

/**
 * Writes `.br` and `.gz` copies of the client's scripts, styles and SVGs, compressed once at the
 * highest levels; the server sends them instead of compressing each request
 * (app/.server/http/precompressed.ts).
 */
function precompressPlugin(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: "precompress-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      if (this.environment?.config.consumer === "server" || !options.dir) return;
      const dir = options.dir;
      const files = Object.keys(bundle).filter((f) => /\.(js|css|svg)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const source = readFileSync(path.join(dir, file));
          if (source.length < 1024) return;
          const [b, g] = await Promise.all([
            br(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gz(source, { level: 9 }),
          ]);
          await Promise.all([
            writeFile(path.join(dir, `${file}.br`), b),
            writeFile(path.join(dir, `${file}.gz`), g),
          ]);
        }),
      );
    },
  };
}

/**
 * Rewrites `import { Package, X as Close } from "lucide-react"` in our code into one import per
 * icon module (`lucide-react/icons/package`), so the bundler knows which page uses which icon
 * instead of seeing every icon imported by the package's index. Type imports stay as they were.
 */
function lucideDeepImports(): Plugin {
  const index = readFileSync(
    new URL("./node_modules/lucide-react/dist/esm/lucide-react.mjs", import.meta.url),
    "utf8",
  );
  const files = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export \{([^}]+)\} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
    for (const n of (names ?? "").split(",")) files.set(n.trim().replace(/^default as /, ""), file ?? "");
  }
  return {
    name: "lucide-deep-imports",
    enforce: "pre",
    transform(code, id) {
      if (!id.startsWith(APP_DIR) || !/\.tsx?$/.test(id.split("?")[0] ?? "")) return null;
      const out = code.replace(/import\s*\{([^}]*)\}\s*from\s*"lucide-react";?/g, (whole, list: string) => {
        const kept: string[] = [];
        const deep: string[] = [];
        for (const raw of list
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean)) {
          const [name, alias] = raw.split(/\s+as\s+/);
          const file = !raw.startsWith("type ") && name ? files.get(name) : undefined;
          if (file) deep.push(`import ${alias ?? name} from "lucide-react/icons/${file}";`);
          else kept.push(raw);
        }
        if (deep.length === 0) return whole;
        return [...(kept.length ? [`import { ${kept.join(", ")} } from "lucide-react";`] : []), ...deep].join(
          "\n",
        );
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}

type ModuleInfoOf = (id: string) => { importers: readonly string[] } | null;
const PUBLIC_ENTRY = /\/app\/(root\.tsx|entry\.client\.tsx|routes\/(?!admin\/)[^/]+\.tsx)(\?|$)/;
const reachCache = new Map<string, Set<string>>();

/** The root or public routes that import a module statically, through any chain of imports. */
function publicEntriesOf(id: string, info: ModuleInfoOf, path = new Set<string>()): Set<string> {
  const known = reachCache.get(id);
  if (known) return known;
  if (PUBLIC_ENTRY.test(id)) return new Set([id.split("?")[0] ?? id]);
  if (path.has(id)) return new Set();
  path.add(id);
  const found = new Set<string>();
  // The package's own index re-exports every icon: only our modules' imports count.
  for (const importer of info(id)?.importers ?? []) {
    if (importer.includes("/node_modules/lucide-react/")) continue;
    for (const entry of publicEntriesOf(importer, info, path)) found.add(entry);
  }
  path.delete(id);
  if (path.size === 0) reachCache.set(id, found);
  return found;
}

/** Icons the root or a public page imports go to 'icons'; the rest (staff, lazy parts) to 'icons-more'. */
function iconChunk(id: string, info: ModuleInfoOf): string {
  return publicEntriesOf(id, info).size > 0 ? "icons" : "icons-more";
}

export default defineConfig(({ isSsrBuild }) => {
  return {
    resolve: {
      alias: { "~": APP_DIR },
    },
    build: {
      // The server bundle's entry is our own HTTP server, which wraps React Router's handler.
      rollupOptions: isSsrBuild
        ? { input: "./server/index.ts" }
        : {
            // Icons in two chunks rather than one per icon (a dozen requests a page is what slows
            // a phone on HTTP/1.1 most): a visitor's first load never fetches the staff screens'
            // icons (iconChunk). lucideDeepImports() makes each icon's importers visible here.
            output: {
              manualChunks: (id: string, { getModuleInfo }) => {
                if (!id.includes("/node_modules/lucide-react/")) return undefined;
                if (!id.includes("/dist/esm/icons/")) return "icons";
                return iconChunk(id, getModuleInfo);
              },
            },
          },
    },
    ssr: {
      // Native/WASM packages stay external and are loaded from node_modules at run time.
      external: [
        "@electric-sql/pglite",
        "@electric-sql/pglite-tools",
        "pg",
        "pino",
        "express",
        "compression",
      ],
    },
    plugins: [
      lucideDeepImports(),
      tailwindcss(),
      reactRouter(),
      ...(isSsrBuild ? [] : [precompressPlugin()]),
    ],
  };
});
