import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import type { RequestHandler } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import sharp from "sharp";
import {
  applyPendingRestore,
  endAllSessions,
  hasPendingRestore,
  type RestoreOutcome,
  recordRestoreAudit,
} from "../app/.server/backup/pending-restore";
import { type Config, ConfigError, loadConfig } from "../app/.server/config";
import { findProjectRoot, openDatabase } from "../app/.server/db/client";
import { createHttpApp } from "../app/.server/http/app";
import { withLoaderFaults } from "../app/.server/http/test-hooks";
import { createLogger } from "../app/.server/logger";
import { ownerOnlyFromNowOn } from "../app/.server/owner-only";
import { seedDatabase } from "../app/.server/seed";
import { createServices, createStorage } from "../app/.server/services";
import { RESTART_EXIT_CODE } from "./exit-codes.mjs";
import { maintenanceListener } from "./maintenance";

type ViteDevServer = {
  middlewares: RequestHandler;
  ssrLoadModule(id: string): Promise<Record<string, unknown>>;
};

/** Descriptors left when every connection slot is taken: database pool, log, files being served. */
const CONNECTION_MARGIN = 32;
/**
 * After the page that says the site restarts for a restore has been answered, how long the site
 * keeps serving so that page's stylesheet and scripts arrive, before it stops and exits.
 */
const RESTART_GRACE_MS = 1000;

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
  const server = http.createServer();
  // A restore asked for on 'Copias de seguridad' (docs/decisions/0029) is applied before the
  // database is opened; meanwhile, and until the site is ready, the port says 'Volvemos en un
  // momento'. After a restore everyone signs in again: the restored sessions are not today's.
  let restored: RestoreOutcome | null = null;
  if (!config.DATABASE_URL && hasPendingRestore(config.dataDir)) {
    server.on("request", maintenanceListener);
    await listen(server, config);
    restored = await applyPendingRestore({ dataDir: config.dataDir, storage: createStorage(config), logger });
  }

  // In production a new database is seeded by a child process (`--first-start`): the demo
  // pictures' memory leaves with it. In development this process seeds.
  const services = await createServices(config, logger, {
    seedElsewhere: opts.vite ? undefined : seedInChild,
  });
  if (restored?.ok) {
    const ended = await endAllSessions(services.db);
    logger.info({ sessions: ended }, "Sesiones del personal cerradas tras la restauración");
  }
  if (restored) {
    await recordRestoreAudit(services.db, restored).catch((err: unknown) =>
      logger.warn({ err }, "restore audit row failed"),
    );
  }

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

  server.removeListener("request", maintenanceListener);
  server.on("request", app);
  // Connections beyond what the descriptors can hold are closed as they are accepted, so accepting
  // never fails for want of a descriptor (which would reset every connection, /healthz's too):
  // the database, log and files keep a few, streams stop earlier (docs/decisions/0012).
  const fds = services.sse.budget;
  if (fds.limit) server.maxConnections = Math.max(16, fds.limit - fds.baseline - CONNECTION_MARGIN);
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = 60_000;
  if (!server.listening) await listen(server, config);
  const busy = countRequests(server);
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
  /**
   * Stops cleanly and exits with `exitCode`. A restart (RESTART_EXIT_CODE) lets the answers being
   * sent finish first, and exits with that code even when forced: the restore is already scheduled.
   */
  const stop = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "Deteniendo el servidor...");
    const restarting = exitCode === RESTART_EXIT_CODE;
    const force = setTimeout(() => {
      logger.warn("Cierre forzado tras 10 s");
      process.exit(restarting ? exitCode : 1);
    }, 10_000);
    force.unref();
    server.close();
    services.sse.closeAll();
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 3000).unref();
    if (restarting) await busy.idle(5000);
    try {
      await services.close();
      logger.info("Servidor detenido");
      process.exit(exitCode);
    } catch (err) {
      logger.error({ err }, "Error al cerrar");
      process.exit(restarting ? exitCode : 1);
    }
  };
  // `on`, not `once`: a terminal's Ctrl-C reaches this process and its supervisor (scripts/start.mjs),
  // which passes it on; the second must not end the process before it has stopped cleanly.
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  // A restore scheduled on 'Copias de seguridad': the page saying so is answered, then this
  // process exits for its supervisor (scripts/start.mjs, systemd) to start it again, and that
  // start applies the restore. Unsupervised (`node server.js`), it simply stops.
  services.backups.restore.onRestart(() => {
    logger.info("Restauración programada: el servidor se reinicia");
    void busy
      .idle(10_000)
      .then(() => new Promise((r) => setTimeout(r, RESTART_GRACE_MS)))
      .then(() => stop("restore", RESTART_EXIT_CODE));
  });
  return { server, services, port, stop };
}

function listen(server: http.Server, config: Config): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
}

/**
 * Counts the requests being answered, live streams (/events/) aside, so a restart can wait for
 * them: `idle(ms)` resolves when none is left, or after `ms`.
 */
function countRequests(server: http.Server): { idle(ms: number): Promise<void> } {
  let open = 0;
  const waiters = new Set<() => void>();
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url?.startsWith("/events/")) return;
    open++;
    res.once("close", () => {
      open--;
      if (open === 0) for (const w of waiters) w();
    });
  });
  return {
    idle(ms) {
      return new Promise<void>((resolve) => {
        if (open === 0) return resolve();
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        waiters.add(done);
      });
    },
  };
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
