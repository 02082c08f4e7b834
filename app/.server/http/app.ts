import { randomUUID } from "node:crypto";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { validateTrackingInput } from "../../lib/orders";
import { AUTH_TOPIC, readSession, type SessionsEnded } from "../auth/sessions";
import { chatStreamHandler, redactSecrets } from "../chat/http";
import { ping } from "../db/client";
import { RateLimitedError } from "../errors";
import { parseLastEventId } from "../events/sse";
import { orderTopic } from "../orders/orders";
import { limitTrackingLookups } from "../orders/tracking";
import type { Services } from "../services";
import { LOCAL_URL_BASE } from "../storage/local";
import { PUBLIC_CACHE_CONTROL } from "../storage/storage";
import type { AuthState, RequestContext } from "./context";
import { readSessionToken, sessionSetCookie } from "./cookies";
import { precompressedAssets } from "./precompressed";
import { installTestHooks } from "./test-hooks";

type Locals = { requestId: string; auth: AuthState };

/**
 * The HTTP application around React Router: health check, static files, the live-update
 * streams, session reading, body limits. `handler` is React Router's request handler
 * (injected so tests can build the app without a Vite build).
 */
export function createHttpApp(
  services: Services,
  opts: {
    handler: (getLoadContext: (req: Request, res: Response) => RequestContext) => RequestHandler;
    clientDir?: string;
    vite?: { middlewares: RequestHandler };
  },
) {
  const { config, logger } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

  // Request id + access log.
  app.use((req, res, next) => {
    const requestId = (req.headers["x-request-id"] as string | undefined)?.slice(0, 64) || randomUUID();
    (res.locals as Locals).requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const isAsset =
        req.path.startsWith("/assets/") || req.path.startsWith("/@") || req.path.startsWith("/node_modules/");
      logger[isAsset ? "debug" : "info"](
        {
          reqId: requestId,
          method: req.method,
          url: redactSecrets(req.originalUrl),
          status: res.statusCode,
          ms: Math.round(ms),
        },
        "request",
      );
    });
    next();
  });

  app.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    next();
  });

  // Body limits: refuse oversized bodies before anything reads them. Only staff upload images,
  // so only requests carrying a session cookie get the larger limit (guards still check it).
  app.use(async (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const isStaff = (await readSessionToken(req.headers.cookie)) !== null;
    const maxBytes = isStaff ? config.MAX_UPLOAD_MB * 1024 * 1024 : config.MAX_BODY_KB * 1024;
    const len = req.headers["content-length"];
    if (len !== undefined) {
      const n = Number(len);
      if (!Number.isFinite(n) || n < 0) return sendError(res, 400, "Cabecera Content-Length inválida.");
      if (n > maxBytes)
        return sendError(res, 413, `La solicitud es demasiado grande (máximo ${config.MAX_BODY_KB} KB).`);
      return next();
    }
    if (req.headers["transfer-encoding"])
      return sendError(res, 411, "Se requiere la cabecera Content-Length.");
    next();
  });

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

  // Uploaded files (local storage driver): long-lived cache, keys never change content.
  if (services.storage.kind === "local") {
    const root = (services.storage as { root?: string }).root;
    if (root) {
      app.use(
        LOCAL_URL_BASE,
        express.static(root, {
          index: false,
          dotfiles: "deny",
          setHeaders: (res) => res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL),
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
    app.use(express.static(opts.clientDir, { maxAge: "1h", index: false }));
  }

  // Session: read the cookie once per request (only staff have one) and renew it while in use.
  app.use(async (req, res, next) => {
    const auth: AuthState = { user: null, error: null };
    (res.locals as Locals).auth = auth;
    const token = await readSessionToken(req.headers.cookie);
    if (!token) return next();
    try {
      const found = await readSession(services.db, token, config.SESSION_TTL_HOURS);
      if (found) {
        auth.user = found.user;
        if (found.renewed) {
          res.append(
            "Set-Cookie",
            await sessionSetCookie(token, { expiresAt: found.expiresAt, secure: req.secure }),
          );
        }
      }
    } catch (err) {
      logger.error({ err }, "session lookup failed");
      auth.error = err as Error;
    }
    next();
  });

  // Live-update stream for staff screens (orders, chat).
  app.get("/events/staff", (req, res) => {
    const { auth } = res.locals as Locals;
    if (auth.error) return sendError(res, 503, "No se pudo verificar la sesión.");
    if (!auth.user) return sendError(res, 401, "Debes iniciar sesión.");
    const url = new URL(req.originalUrl, "http://localhost");
    const userId = auth.user.id;
    services.sse.open(req, res, {
      topics: ["staff"],
      lastEventId: parseLastEventId(req, url),
      // Deactivation or a password reset ends the person's sessions: their streams end with them.
      endWhen: (e) => e.topic === AUTH_TOPIC && (e.payload as SessionsEnded).userId === userId,
    });
  });

  // A visitor's tracking page: only the order they looked up.
  app.get("/events/track/:numero", async (req, res) => {
    const v = validateTrackingInput(req.params.numero);
    if (!v.ok) return sendError(res, 400, v.message);
    try {
      await limitTrackingLookups(
        services.db,
        "stream",
        req.ip ?? "unknown",
        config.TRACKING_LOOKUPS_PER_MINUTE,
      );
    } catch (err) {
      if (err instanceof RateLimitedError) {
        res.setHeader("Retry-After", String(err.retryAfterSeconds));
        return sendError(res, 429, "Demasiadas conexiones seguidas. Espera un momento.");
      }
      logger.error({ err }, "tracking stream: rate limit check failed");
      return sendError(res, 503, "Servicio no disponible.");
    }
    const url = new URL(req.originalUrl, "http://localhost");
    services.sse.open(req, res, { topics: [orderTopic(v.value)], lastEventId: parseLastEventId(req, url) });
  });

  // A visitor's chat: only their own conversation (secret checked) and who is online.
  app.get("/events/chat/:clientId", chatStreamHandler(services));

  if (config.TEST_HOOKS) installTestHooks(app, services);

  const getLoadContext = (req: Request, res: Response): RequestContext => {
    const locals = res.locals as Locals;
    return {
      services,
      auth: locals.auth,
      requestId: locals.requestId,
      clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
    };
  };
  app.all("/{*splat}", opts.handler(getLoadContext));

  // Anything that still throws: a clear message, never a stack trace.
  app.use(
    (err: Error & { status?: number; type?: string }, req: Request, res: Response, _next: NextFunction) => {
      const status = err.status && err.status >= 400 && err.status < 500 ? err.status : 500;
      if (status === 500) logger.error({ err, url: req.originalUrl }, "unhandled error");
      if (res.headersSent) return res.end();
      sendError(res, status, status === 500 ? "Error interno del servidor." : "Solicitud inválida.");
    },
  );

  return app;
}

export function sendError(res: Response, status: number, message: string) {
  res.status(status).set("Cache-Control", "no-store").json({ error: message });
}
