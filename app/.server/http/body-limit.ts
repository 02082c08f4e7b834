import type { RequestHandler } from "express";
import { can } from "../../lib/permissions";
import { UPLOAD_FORM_BYTES, UPLOAD_ROUTES, uploadBodyBytes } from "../../lib/uploads";
import { RESTORE_UPLOAD_MAX_BYTES, RESTORE_UPLOAD_PATH } from "../backup/upload-limit";
import type { Config } from "../config";
import type { Locals } from "./context";
import { sendError } from "./refuse";

/**
 * Refuses an oversized body from its Content-Length, before anything reads it; runs after the
 * session is read, so the larger limit needs a session that exists, not just a cookie of that
 * name. A body without a length (chunked) is refused: its size cannot be checked up front.
 */
export function bodyLimits(config: Config): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const { auth } = res.locals as Locals;
    // A `.data` suffix is the same route's data request (React Router's fetchers post there).
    const path = req.path.replace(/\.data$/, "");
    const route = Object.hasOwn(UPLOAD_ROUTES, path)
      ? UPLOAD_ROUTES[path as keyof typeof UPLOAD_ROUTES]
      : null;
    const upload = route !== null && (route.who === "anyone" || auth.user !== null);
    // A backup archive to restore (ADR 0029): only for who may restore, streamed to disk.
    const archive = path === RESTORE_UPLOAD_PATH && can(auth.user, "backups:manage");
    const maxBytes = archive
      ? RESTORE_UPLOAD_MAX_BYTES + UPLOAD_FORM_BYTES
      : upload
        ? Math.max(config.MAX_BODY_KB * 1024, uploadBodyBytes(route))
        : config.MAX_BODY_KB * 1024;
    const len = req.headers["content-length"];
    if (len !== undefined) {
      const n = Number(len);
      if (!/^\d+$/.test(len) || !Number.isSafeInteger(n)) {
        return sendError(res, 400, "Cabecera Content-Length inválida.");
      }
      if (n > maxBytes) {
        const max =
          upload || archive ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${config.MAX_BODY_KB} KB`;
        return sendError(res, 413, `La solicitud es demasiado grande (máximo ${max}).`);
      }
      return next();
    }
    if (req.headers["transfer-encoding"])
      return sendError(res, 411, "Se requiere la cabecera Content-Length.");
    next();
  };
}
