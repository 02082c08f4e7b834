// The bare baseline's server: Express + compression + React Router's request handler, like the
// site, and nothing else. Run by bench/baseline.mjs after `react-router build bench/baseline-app`.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";

const here = path.dirname(fileURLToPath(import.meta.url));
const build = await import(path.join(here, "build/server/index.js"));
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(here, "build/client/assets"), { immutable: true, maxAge: "1y" }));
app.get("/robots.txt", (_req, res) => res.type("text/plain").send("User-agent: *\nAllow: /\n"));
app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));
const port = Number(process.env.PORT);
app.listen(port, "127.0.0.1", () => console.log(`baseline on ${port}`));
