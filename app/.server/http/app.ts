import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { ping } from "../db/client";
import type { Services } from "../services";
import { LOCAL_URL_BASE } from "../storage/local";
import { PUBLIC_CACHE_CONTROL } from "../storage/storage";
import { STORED_FILE_HEADERS, storedFileType } from "../storage/stored-files";
import { clientAddress } from "../trust-proxy";
import { accessLog, redactSecrets } from "./access-log";
import { bodyLimits } from "./body-limit";
import type { Locals, RequestContext } from "./context";
import { newNonce } from "./csp";
import { edgeChecks } from "./edge";
import { createPageCache, type PageCache } from "./page-cache";
import { type PageHandler, renderForCache, servePages } from "./pages";
import { precompressedAssets } from "./precompressed";
import { publicOrigin } from "./public-origin";
import { sendError } from "./refuse";
import { sameOriginWrites } from "./same-origin";
import { securityHeaders } from "./security-headers";
import { sessionReader } from "./session";
import { installStreamRoutes } from "./streams";
import { installTestHooks } from "./test-hooks";

/**
 * The HTTP application around React Router, in the order a request meets it: access log, edge
 * checks (method, Host, URL), security headers, where a write comes from (same-origin.ts), health check, static files, session, body
 * limits, live-update streams, pages (kept copies for visitors without a session: page-cache.ts).
 * `handler` is React Router's request handler (injected so tests can build the app without a Vite
 * build).
 */
export function createHttpApp(
  services: Services,
  opts: {
    handler: PageHandler;
    clientDir?: string;
    vite?: { middlewares: RequestHandler };
  },
) {
  const { config, logger } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

  app.use(accessLog(logger));
  app.use(edgeChecks({ trustsProxy: config.TRUST_PROXY !== false }));
  app.use(securityHeaders({ hostDerived: !config.PUBLIC_URL }));
  app.use(sameOriginWrites(config.PUBLIC_URL));

  app.use(
    compression({
      // compression forwards 'drain' listeners to its gzip stream but never removes them, and
      // React Router waits for 'drain' whenever a write returns false: a buffer larger than our
      // pages keeps writes from returning false, so listeners do not pile up.
      highWaterMark: 1024 * 1024,
      filter: (req, res) => !req.path.startsWith("/events/") && compression.filter(req, res),
    }),
  );

  app.get("/healthz", async (_req, res) => {
    try {
      if (services.faults.db) throw new Error("fault injected");
      await ping(services.db);
      res.set("Cache-Control", "no-store").json({ status: "ok", database: services.database.kind });
    } catch (err) {
      logger.error({ err }, "healthz: database unavailable");
      res.status(503).set("Cache-Control", "no-store").json({ status: "error", database: "unavailable" });
    }
  });

  // Uploaded files (local storage driver): long-lived cache, keys never change content. Only the
  // pictures uploads make, as what they are and unable to run anything (storage/stored-files.ts).
  if (services.storage.kind === "local") {
    const root = (services.storage as { root?: string }).root;
    if (root) {
      app.use(LOCAL_URL_BASE, (req, res, next) =>
        storedFileType(req.path) ? next() : sendError(res, 404, "Archivo no encontrado."),
      );
      app.use(
        LOCAL_URL_BASE,
        express.static(root, {
          index: false,
          dotfiles: "deny",
          setHeaders: (res) => {
            res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
            res.set(STORED_FILE_HEADERS);
          },
        }),
      );
      app.use(LOCAL_URL_BASE, (_req, res) => sendError(res, 404, "Archivo no encontrado."));
    }
  }

  if (opts.vite) {
    app.use(opts.vite.middlewares);
  } else if (opts.clientDir) {
    const assets = path.join(opts.clientDir, "assets");
    app.use("/assets", precompressedAssets(assets));
    app.use("/assets", express.static(assets, { immutable: true, maxAge: "1y", index: false }));
    // A missing build file (e.g. a chunk of an older deploy) is a 404, not the landing page.
    app.use("/assets", (_req, res) => sendError(res, 404, "Archivo no encontrado."));
    // The client folder's other files (favicon, manifest...): only names it holds reach the file
    // system, so a page request costs no stat() of a file that is not there.
    const serveFile = express.static(opts.clientDir, { maxAge: "1h", index: false });
    const files = new Set(publicFiles(opts.clientDir));
    app.use((req, res, next) => (files.has(req.path) ? serveFile(req, res, next) : next()));
  }

  app.use(sessionReader(services));
  app.use(bodyLimits(config));
  installStreamRoutes(app, services);

  if (config.TEST_HOOKS) installTestHooks(app, services);

  const getLoadContext = (req: Request, res: Response): RequestContext => {
    const locals = res.locals as Locals;
    return {
      services,
      auth: locals.auth,
      requestId: locals.requestId,
      clientIp: clientAddress(req),
      publicOrigin: publicOrigin(config.PUBLIC_URL, req),
      cspNonce: newNonce(),
    };
  };
  // Not in development: Vite's modules change under the pages.
  const pageCache: PageCache | null =
    config.PAGE_CACHE_MB > 0 && !opts.vite
      ? createPageCache({
          maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
          ttlMs: 60_000,
          staleMs: config.PAGE_CACHE_STALE_SECONDS * 1000,
          render: renderForCache(services, opts.handler),
          bus: services.bus,
          logger,
        })
      : null;
  app.locals.pageCache = pageCache;
  app.all("/{*splat}", servePages(services, opts.handler, getLoadContext, pageCache));

  // Anything that still throws: a clear message, never a stack trace.
  app.use(
    (err: Error & { status?: number; type?: string }, req: Request, res: Response, _next: NextFunction) => {
      const status = err.status && err.status >= 400 && err.status < 500 ? err.status : 500;
      if (status === 500) logger.error({ err, url: redactSecrets(req.originalUrl) }, "unhandled error");
      if (res.headersSent) return res.end();
      sendError(res, status, status === 500 ? "Error interno del servidor." : "Solicitud inválida.");
    },
  );

  return app;
}

/** URL paths of the files under `dir` (outside assets/, which has its own handler). */
function publicFiles(dir: string, base = ""): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith(".") || (base === "" && e.name === "assets")) return [];
    const url = `${base}/${e.name}`;
    return e.isDirectory() ? publicFiles(path.join(dir, e.name), url) : [url];
  });
}
