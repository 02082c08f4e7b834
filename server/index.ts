import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import sharp from "sharp";
import { ConfigError, loadConfig } from "../app/.server/config";
import { findProjectRoot } from "../app/.server/db/client";
import { createHttpApp } from "../app/.server/http/app";
import { createLogger } from "../app/.server/logger";
import { createServices } from "../app/.server/services";

type ViteDevServer = {
  middlewares: RequestHandler;
  ssrLoadModule(id: string): Promise<Record<string, unknown>>;
};

/**
 * Starts the whole site in this process: configuration, database (migrations, seeds, initial
 * staff), event bus, HTTP server. Stops cleanly on SIGTERM/SIGINT.
 */
export async function start(opts: { vite?: ViteDevServer } = {}) {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);
  // Pictures are re-encoded once, at upload: libvips' operation cache (up to 50 MB kept after
  // every upload) never pays off, and one thread per picture bounds the memory of an upload
  // burst (docs/decisions/0017-memory.md).
  sharp.cache(false);
  sharp.concurrency(1);
  const t0 = Date.now();
  const services = await createServices(config, logger);

  // In development a function, so each request sees the newest modules. In production the build
  // itself: React Router derives its route tree and static handler once for a build object, but
  // again on every request when handed a function (a third of a small response's CPU time).
  const build = opts.vite
    ? () => opts.vite!.ssrLoadModule("virtual:react-router/server-build") as unknown as Promise<ServerBuild>
    : ((await import("virtual:react-router/server-build")) as ServerBuild);

  const app = createHttpApp(services, {
    handler: (getLoadContext) =>
      createRequestHandler({ build, mode: opts.vite ? "development" : "production", getLoadContext }),
    clientDir: opts.vite ? undefined : path.join(findProjectRoot(), "build", "client"),
    vite: opts.vite,
  });

  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : config.PORT;
  const shown = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  logger.info(
    {
      port,
      database: services.database.kind,
      dataDir: services.database.kind === "pglite" ? config.dataDir : undefined,
    },
    `Sitio listo en http://${shown}:${port} (${Date.now() - t0} ms)`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "Deteniendo el servidor...");
    const force = setTimeout(() => {
      logger.warn("Cierre forzado tras 10 s");
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close();
    services.sse.closeAll();
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 3000).unref();
    try {
      await services.close();
      logger.info("Servidor detenido");
      process.exit(0);
    } catch (err) {
      logger.error({ err }, "Error al cerrar");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  return { server, services, port, stop };
}
