import { readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const APP_DIR = fileURLToPath(new URL("./app", import.meta.url));

// Files only staff screens load (the admin pages, the order desk, the chat inbox).
const STAFF_FILE =
  /\/(components|routes)\/admin\/|\/components\/orders\/(?!status|tracking-result)|\/components\/chat\/(inbox|conversation-|manage-menu|assignment-panel|agent-status-card)/;

/**
 * The lucide icons (as file names, e.g. 'layout-dashboard') that only staff files import. They
 * get their own chunk so the public pages do not download them.
 */
function staffOnlyIcons(): Set<string> {
  const publicNames = new Set<string>();
  const staffNames = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const names = STAFF_FILE.test(file.split(path.sep).join("/")) ? staffNames : publicNames;
        for (const m of readFileSync(file, "utf8").matchAll(
          /import\s*\{([^}]+)\}\s*from\s*"lucide-react"/g,
        )) {
          for (const name of (m[1] ?? "").split(",")) names.add(name.trim().split(/\s+as\s+/)[0] ?? "");
        }
      }
    }
  };
  walk(APP_DIR);
  const kebab = (name: string) =>
    name
      .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
      .replace(/([a-zA-Z])(\d)/g, "$1-$2")
      .toLowerCase();
  return new Set([...staffNames].filter((n) => !publicNames.has(n)).map(kebab));
}

/**
 * Writes `.br` and `.gz` copies of the client's scripts, styles and SVGs, compressed once at the
 * highest levels; the server sends them instead of compressing each request
 * (app/server/http/precompressed.ts).
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

export default defineConfig(({ isSsrBuild }) => {
  const staffIcons = isSsrBuild ? new Set<string>() : staffOnlyIcons();
  return {
    resolve: {
      alias: { "~": APP_DIR },
    },
    build: {
      // The server bundle's entry is our own HTTP server, which wraps React Router's handler.
      rollupOptions: isSsrBuild
        ? { input: "./server/index.ts" }
        : {
            output: {
              // Icons in two chunks, public and staff-only: split per icon they cost one request
              // each, a dozen or more per page, which is what slows a phone on HTTP/1.1 most.
              manualChunks: (id: string) => {
                if (!id.includes("/node_modules/lucide-react/")) return undefined;
                const icon = /\/icons\/([a-z0-9-]+)\.m?js$/.exec(id)?.[1];
                return icon && staffIcons.has(icon) ? "icons-staff" : "icons";
              },
            },
          },
    },
    ssr: {
      // Native/WASM packages stay external and are loaded from node_modules at run time.
      external: ["@electric-sql/pglite", "pg", "pino", "express", "compression"],
    },
    plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [precompressPlugin()])],
  };
});
