// HTTP entry point. Production: runs the built server bundle (npm run build).
// Development (`--dev`): Vite middleware with hot reload.
// `--first-start`: seeds a new database and exits (started by the server itself, server/index.ts).
import process from "node:process";

process.title = "minimarket-site";
const dev = process.argv.includes("--dev");

if (dev) {
  process.env.NODE_ENV ??= "development";
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { start } = await viteServer.ssrLoadModule("./server/index.ts");
  await start({ vite: viteServer });
} else {
  process.env.NODE_ENV ??= "production";
  const server = await import("./build/server/index.js");
  if (process.argv.includes("--first-start")) await server.firstStart();
  else await server.start();
}
