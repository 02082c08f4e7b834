import type { RequestHandler } from "express";
import { UPLOAD_RULES } from "../../lib/uploads";
import type { Config } from "../config";
import type { Locals } from "./context";
import { sendError } from "./refuse";

/**
 * Routes whose forms carry image files. Only a signed-in staff member posting to one of these
 * may send up to MAX_UPLOAD_MB; every other body, and every anonymous one, keeps MAX_BODY_KB.
 * A `.data` suffix is the same route's data request (React Router's fetchers post there).
 */
export const UPLOAD_PATHS = new Set(["/admin", "/admin/content", "/admin/hero-images", "/admin/chat"]);

/**
 * Public routes that take one photo (the chat widget, ADR 0013), up to the chat's photo limit
 * plus the form around it. The browser sends a resized photo, usually far below this.
 */
export const PUBLIC_PHOTO_PATHS = new Map([["/api/chat/messages", UPLOAD_RULES.chat.maxBytes + 64 * 1024]]);

/**
 * Refuses an oversized body from its Content-Length, before anything reads it; runs after the
 * session is read, so the larger limit needs a session that exists, not just a cookie of that
 * name. A body without a length (chunked) is refused: its size cannot be checked up front.
 */
export function bodyLimits(config: Config): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const { auth } = res.locals as Locals;
    const path = req.path.replace(/\.data$/, "");
    const upload = auth.user !== null && UPLOAD_PATHS.has(path);
    const photo = PUBLIC_PHOTO_PATHS.get(path);
    const maxBytes = upload
      ? config.MAX_UPLOAD_MB * 1024 * 1024
      : Math.max(config.MAX_BODY_KB * 1024, photo ?? 0);
    const len = req.headers["content-length"];
    if (len !== undefined) {
      const n = Number(len);
      if (!/^\d+$/.test(len) || !Number.isSafeInteger(n)) {
        return sendError(res, 400, "Cabecera Content-Length inválida.");
      }
      if (n > maxBytes) {
        const max = upload || photo ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${config.MAX_BODY_KB} KB`;
        return sendError(res, 413, `La solicitud es demasiado grande (máximo ${max}).`);
      }
      return next();
    }
    if (req.headers["transfer-encoding"])
      return sendError(res, 411, "Se requiere la cabecera Content-Length.");
    next();
  };
}
