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
            // All icons in one chunk (~10 kB gzipped): split per icon they cost one request each,
            // a dozen or more per page, which is what slows a phone on HTTP/1.1 most.
            output: {
              manualChunks: (id: string) =>
                id.includes("/node_modules/lucide-react/") ? "icons" : undefined,
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
