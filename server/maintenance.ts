import type http from "node:http";

/**
 * What the port answers while a start applies a restore asked for on 'Copias de seguridad'
 * (server/index.ts): every request, /healthz included, gets a short Spanish page that reloads
 * itself, with 503 and Retry-After so a proxy or a monitor sees the site as briefly down. Nothing
 * of the app is loaded yet, so the page is self-contained: no scripts, no stylesheets, no fonts.
 */

export const MAINTENANCE_RETRY_SECONDS = 5;

const PAGE = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${MAINTENANCE_RETRY_SECONDS}">
<meta name="robots" content="noindex">
<title>Volvemos en un momento</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:28rem;padding:2rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{margin:0;line-height:1.5;color:#334155}
</style>
</head>
<body>
<main>
<h1>Volvemos en un momento</h1>
<p>Estamos restaurando los datos del sitio. Esta página se recarga sola.</p>
</main>
</body>
</html>
`;

/** The request listener of the port while the restore runs. */
export function maintenanceListener(req: http.IncomingMessage, res: http.ServerResponse): void {
  res.writeHead(503, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(PAGE),
    "Retry-After": String(MAINTENANCE_RETRY_SECONDS),
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    "X-Content-Type-Options": "nosniff",
    // Each reload asks afresh; nothing to keep a connection open for.
    Connection: "close",
  });
  res.end(req.method === "HEAD" ? undefined : PAGE);
}
