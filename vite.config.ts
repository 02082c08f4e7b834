import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    // The server bundle's entry is our own HTTP server, which wraps React Router's handler.
    rollupOptions: isSsrBuild
      ? { input: "./server/index.ts" }
      : {
          // All icons in one chunk (~11 kB gzipped): split per icon they cost one request each,
          // a dozen or more per page, which is what slows a phone on HTTP/1.1 most.
          output: {
            manualChunks: (id: string) => (id.includes("/node_modules/lucide-react/") ? "icons" : undefined),
          },
        },
  },
  ssr: {
    // Native/WASM packages stay external and are loaded from node_modules at run time.
    external: ["@electric-sql/pglite", "pg", "pino", "express", "compression"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
