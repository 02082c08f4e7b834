import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import type { RequestHandler } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import sharp from "sharp";
import { ConfigError, loadConfig } from "../app/.server/config";
import { findProjectRoot, openDatabase } from "../app/.server/db/client";
import { createHttpApp } from "../app/.server/http/app";
import { withLoaderFaults } from "../app/.server/http/test-hooks";
import { createLogger } from "../app/.server/logger";
import { ownerOnlyFromNowOn } from "../app/.server/owner-only";
import { seedDatabase } from "../app/.server/seed";
import { createServices, createStorage } from "../app/.server/services";

type ViteDevServer = {
  middlewares: RequestHandler;
  ssrLoadModule(id: string): Promise<Record<string, unknown>>;
};

/** Descriptors left when every connection slot is taken: database pool, log, files being served. */
const CONNECTION_MARGIN = 32;

/**
 * Starts the whole site in this process: configuration, database (migrations, seeds, initial
 * staff), event bus, HTTP server. Stops cleanly on SIGTERM/SIGINT.
 */
export async function start(opts: { vite?: ViteDevServer } = {}) {
  ownerOnlyFromNowOn();
  const config = loadConfigOrExit();
  const logger = createLogger(config.LOG_LEVEL);
  // Pictures are re-encoded once, at upload: libvips' operation cache (up to 50 MB kept after
  // every upload) never pays off, and one thread per picture bounds the memory of an upload
  // burst (docs/decisions/0017-memory.md).
  sharp.cache(false);
  sharp.concurrency(1);
  const t0 = Date.now();
  if (config.NODE_ENV === "production" && !config.PUBLIC_URL) {
    // Links that leave the page (sitemap, canonical, link previews) then name whatever Host a
    // request carried; those answers are not cached, but the site's address should be set.
    logger.warn(
      "PUBLIC_URL no está definido: el sitemap, robots.txt y los enlaces canónicos usan el Host de cada solicitud. Defínelo con la dirección del sitio (https://…).",
    );
  }
  // In production a new database is seeded by a child process (`--first-start`): the demo
  // pictures' memory leaves with it. In development this process seeds.
  const services = await createServices(config, logger, {
    seedElsewhere: opts.vite ? undefined : seedInChild,
  });

  // In development a function, so each request sees the newest modules. In production the build
  // itself: React Router derives its route tree and static handler once for a build object, but
  // again on every request when handed a function (a third of a small response's CPU time).
  const vite = opts.vite;
  const hooked = (b: ServerBuild) => (config.TEST_HOOKS ? withLoaderFaults(b, services) : b);
  const build = vite
    ? async () =>
        hooked((await vite.ssrLoadModule("virtual:react-router/server-build")) as unknown as ServerBuild)
    : hooked((await import("virtual:react-router/server-build")) as ServerBuild);

  const app = createHttpApp(services, {
    handler: createRequestHandler(build, opts.vite ? "development" : "production"),
    clientDir: opts.vite ? undefined : path.join(findProjectRoot(), "build", "client"),
    vite: opts.vite,
  });

  const server = http.createServer(app);
  // Connections beyond what the descriptors can hold are closed as they are accepted, so accepting
  // never fails for want of a descriptor (which would reset every connection, /healthz's too):
  // the database, log and files keep a few, streams stop earlier (docs/decisions/0012).
  const fds = services.sse.budget;
  if (fds.limit) server.maxConnections = Math.max(16, fds.limit - fds.baseline - CONNECTION_MARGIN);
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

function loadConfigOrExit(): ReturnType<typeof loadConfig> {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** Runs `node server.js --first-start` with this process's environment and output. */
function seedInChild(): Promise<void> {
  const root = findProjectRoot();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "server.js"), "--first-start"], {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`First-start seeding exited with ${code ?? signal}`)),
    );
  });
}

/**
 * `node server.js --first-start`: opens the database (creating a new embedded one here, not in yet
 * another process), seeds it (seedDatabase) and exits. Started by start() on a new database.
 */
export async function firstStart(): Promise<void> {
  ownerOnlyFromNowOn();
  const config = loadConfigOrExit();
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    createInProcess: true,
  });
  try {
    await seedDatabase(database.db, createStorage(config), config, logger);
  } finally {
    await database.close();
  }
}
