import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { acceptsEncoding } from "./encodings";

/** File types the build writes pre-compressed copies of (see precompressPlugin in vite.config.ts). */
export const PRECOMPRESSED_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

/**
 * Serves the build's `name.br` / `name.gz` copies of scripts and styles (compressed once, at the
 * highest levels, by the build) instead of compressing every request on the fly. Falls through
 * to the plain static handler when the client accepts neither or no copy exists.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const available = new Set(existsSync(dir) ? readdirSync(dir) : []);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const type = PRECOMPRESSED_TYPES[path.extname(name)];
    if (!type || name.includes("/") || !available.has(name)) return next();
    const accepted = req.get("accept-encoding");
    const encoding =
      acceptsEncoding(accepted, "br") && available.has(`${name}.br`)
        ? "br"
        : acceptsEncoding(accepted, "gzip") && available.has(`${name}.gz`)
          ? "gzip"
          : null;
    res.setHeader("Vary", "Accept-Encoding");
    if (!encoding) return next();
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", encoding);
    res.sendFile(
      `${name}.${encoding === "br" ? "br" : "gz"}`,
      {
        root: dir,
        immutable: true,
        maxAge: "1y",
        dotfiles: "deny",
      },
      (err) => {
        if (err && !res.headersSent) {
          res.removeHeader("Content-Encoding");
          next();
        }
      },
    );
  };
}
