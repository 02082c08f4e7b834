import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
// Relative: the config is loaded before the app's `~` alias exists.
import { PUBLIC_PAGES } from "./app/lib/pages";

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
 * A build transform that rewrites `import { A, B as C } from "<pkg>"` in our code entry by entry:
 * `deep` gives an entry its own import statement (its own module), or undefined to keep it in the
 * package's import (type imports always stay). The bundler then sees which page uses which module
 * instead of the package's index, which imports them all.
 */
function deepImports(
  name: string,
  pkg: string,
  deep: (name: string, alias: string | undefined) => string | undefined,
): Plugin {
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*"${pkg}";?`, "g");
  return {
    name,
    enforce: "pre",
    transform(code, id) {
      if (!id.startsWith(APP_DIR) || !/\.tsx?$/.test(id.split("?")[0] ?? "")) return null;
      const out = code.replace(pattern, (whole, list: string) => {
        const kept: string[] = [];
        const moved: string[] = [];
        for (const raw of list
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean)) {
          const [entry, alias] = raw.split(/\s+as\s+/);
          const statement = entry && !raw.startsWith("type ") ? deep(entry, alias) : undefined;
          if (statement) moved.push(statement);
          else kept.push(raw);
        }
        if (moved.length === 0) return whole;
        return [...(kept.length ? [`import { ${kept.join(", ")} } from "${pkg}";`] : []), ...moved].join(
          "\n",
        );
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * `import { Package, X as Close } from "lucide-react"` → one import per icon module
 * (`lucide-react/icons/package`): which page uses which icon (iconChunk, clientChunk).
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
  return deepImports("lucide-deep-imports", "lucide-react", (name, alias) => {
    const file = files.get(name);
    return file ? `import ${alias ?? name} from "lucide-react/icons/${file}";` : undefined;
  });
}

/**
 * `import { Dialog as DialogPrimitive } from "radix-ui"` → `import * as DialogPrimitive from
 * "@radix-ui/react-dialog"`: the package's index imports every Radix component, so without this
 * every component would look reachable from every page that uses one of them (clientChunk), and
 * the staff screens' menus would join a visitor's first load.
 */
function radixDeepImports(): Plugin {
  const index = readFileSync(new URL("./node_modules/radix-ui/dist/index.mjs", import.meta.url), "utf8");
  const packages = new Map<string, string>();
  for (const [, name, pkg] of index.matchAll(/import \* as (\w+) from "(@radix-ui\/[\w-]+)";/g)) {
    if (name && pkg) packages.set(name, pkg);
  }
  return deepImports("radix-deep-imports", "radix-ui", (name, alias) => {
    const pkg = packages.get(name);
    return pkg ? `import * as ${alias ?? name} from "${pkg}";` : undefined;
  });
}

type ModuleInfoOf = (
  id: string,
) => { importers: readonly string[]; dynamicImporters: readonly string[] } | null;
// The root, the client entry, the public shell and the visitors' pages of the page registry. The staff sign-in page
// is in the public shell but no visitor's page: what it alone uses (forms, zod) stays out of the
// visitor pages' shared file.
const VISITOR_PAGES = new Map(
  PUBLIC_PAGES.filter((p) => p.path !== "/admin-login").map((p) => [
    path.join(APP_DIR, p.file),
    path.basename(path.dirname(p.file)),
  ]),
);
const isPublicEntry = (id: string) => {
  const file = id.split("?")[0] ?? id;
  return /\/app\/(root|entry\.client|routes\/shell-layout)\.tsx$/.test(file) || VISITOR_PAGES.has(file);
};
/** A chunk's name for a public entry: the page's folder ('contact'), or the file's name ('root'). */
const entryName = (entry: string) => VISITOR_PAGES.get(entry) ?? path.basename(entry, ".tsx");
const reachCache = new Map<string, Set<string>>();

/** The root or public routes that import a module statically, through any chain of imports. */
function publicEntriesOf(id: string, info: ModuleInfoOf, path = new Set<string>()): Set<string> {
  const known = reachCache.get(id);
  if (known) return known;
  if (isPublicEntry(id)) return new Set([id.split("?")[0] ?? id]);
  if (path.has(id)) return new Set();
  path.add(id);
  const found = new Set<string>();
  // The package's own index re-exports every icon: only our modules' imports count.
  for (const importer of info(id)?.importers ?? []) {
    if (importer.includes("/node_modules/lucide-react/dist/esm/lucide-react.")) continue;
    for (const entry of publicEntriesOf(importer, info, path)) found.add(entry);
  }
  path.delete(id);
  if (path.size === 0) reachCache.set(id, found);
  return found;
}

// React, React DOM and React Router: one file every page (visitor or staff) needs.
// Rollup's and Vite's helpers go with it, so that it imports nothing.
const VENDOR = /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\/|^\0/;
// The root and the public shell: every public page loads them.
const SHELL_ENTRY = /\/app\/(root\.tsx|entry\.client\.tsx|routes\/shell-layout\.tsx)$/;

const PAGE_LIBS = /\/node_modules\/(@conform-to|embla-carousel[\w-]*)\//;

/**
 * The client's chunks (ADR 0016, addendum 3). A visitor's first load is the vendor file, one
 * `shared` file, and the entry, root, shell and page route files:
 * - what the root or the public shell imports statically, our modules two or more public pages
 *   import, and every icon of a public page (150–300 B each) go to `shared` (a page may load a
 *   few hundred bytes it does not use; each extra file costs more on a phone's HTTP/1.1 line);
 * - a larger package only some public pages import (PAGE_LIBS: forms, the carousel) goes to one
 *   file named after those pages, so the others do not load it;
 * - a module one public page alone imports stays in that page's file, or, when a staff screen or a
 *   part loaded on first use imports it too, in one `page-<name>` file per page;
 * - what only staff screens or parts loaded on first use import is left to Rollup, so a
 *   visitor's first load never fetches it; their icons go to one `icons-more` file.
 */
function clientChunk(id: string, info: ModuleInfoOf): string | undefined {
  if (VENDOR.test(id)) return "vendor";
  if (isPublicEntry(id)) return undefined;
  const entries = [...publicEntriesOf(id, info)];
  const lucide = id.includes("/node_modules/lucide-react/");
  if (entries.length === 0) return lucide ? "icons-more" : undefined;
  if (lucide || entries.some((e) => SHELL_ENTRY.test(e))) return "shared";
  if (entries.length === 1) {
    // Also imported by a staff screen or a part loaded on first use: Rollup would give it a file
    // of its own; the page's modules of that kind share one.
    const m = info(id);
    const page = entries[0] ?? "";
    const elsewhere =
      (m?.dynamicImporters.length ?? 0) > 0 ||
      (m?.importers ?? []).some((i) => !publicEntriesOf(i, info).has(page));
    return elsewhere ? `page-${entryName(page)}` : undefined;
  }
  if (!PAGE_LIBS.test(id)) return "shared";
  const pages = entries.map(entryName).sort();
  return `lib-${pages.join("-")}`;
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
            // lucideDeepImports() makes each icon's importers visible to clientChunk.
            output: { manualChunks: (id: string, { getModuleInfo }) => clientChunk(id, getModuleInfo) },
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
      radixDeepImports(),
      tailwindcss(),
      reactRouter(),
      ...(isSsrBuild ? [] : [precompressPlugin()]),
    ],
  };
});
