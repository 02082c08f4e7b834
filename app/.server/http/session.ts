import type { RequestHandler } from "express";
import { readSession } from "../auth/sessions";
import type { Services } from "../services";
import type { AuthState, Locals } from "./context";
import { readSessionToken, sessionSetCookie } from "./cookies";

/**
 * Reads the session cookie once per request (only staff have one) and renews it while in use.
 * A cookie that names no live session is just ignored: the request is anonymous.
 */
export function sessionReader({ db, config, logger }: Services): RequestHandler {
  const lifetime = { ttlHours: config.SESSION_TTL_HOURS, maxDays: config.SESSION_MAX_DAYS };
  return async (req, res, next) => {
    const locals = res.locals as Locals;
    const auth: AuthState = { user: null, error: null };
    locals.auth = auth;
    locals.sessionToken = null;
    const token = await readSessionToken(req.headers.cookie);
    if (!token) return next();
    try {
      const found = await readSession(db, token, lifetime);
      if (found) {
        auth.user = found.user;
        locals.sessionToken = token;
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
  };
}
