import express from "express";
import { describe, expect, it } from "vitest";
import { serveForTests } from "../../test/serve";
import { createLogger } from "../logger";
import { accessLog } from "./access-log";

// The access log as the server writes it: one JSON line per request, through our logger.
const raw: string[] = [];
const lines: Record<string, unknown>[] = [];
const logger = createLogger("debug", {
  write: (line: string) => {
    raw.push(line);
    lines.push(JSON.parse(line));
  },
});
const app = express();
app.use(accessLog(logger));
app.get("/seguimiento", (_req, res) => {
  logger.info({ step: "inside" }, "handler");
  res.send("ok");
});
app.get("/assets/app.js", (_req, res) => res.send("js"));
app.get("/boom", (_req, res) => res.status(500).send("no"));
const url = serveForTests(app);

const logged = async (path: string, headers: Record<string, string> = {}) => {
  lines.length = 0;
  raw.length = 0;
  const res = await fetch(`${url()}${path}`, { headers });
  await res.text();
  await expect.poll(() => lines.some((l) => String(l.msg).startsWith("request"))).toBe(true);
  return { res, line: lines.find((l) => String(l.msg).startsWith("request")) as Record<string, unknown> };
};

describe("access log", () => {
  it("writes the request's id, method, URL without secrets, status and time, and nothing else", async () => {
    const { res, line } = await logged("/seguimiento?numero=TRK-2026-ABCDEF", { cookie: "__session=abc" });
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(line).toEqual({
      level: 30,
      time: expect.any(String),
      reqId: id,
      method: "GET",
      url: "/seguimiento?numero=***",
      status: 200,
      ms: expect.any(Number),
      msg: "request",
    });
    expect(raw.find((l) => l.includes('"msg":"request"'))?.match(/"reqId"/g)).toHaveLength(1);
    // Lines written while the request is served carry its id too (request-scope.ts).
    expect(lines.find((l) => l.msg === "handler")).toMatchObject({ reqId: id, step: "inside" });
  });

  it("keeps a proxy's X-Request-Id when it is a plain token, else makes its own", async () => {
    const kept = await logged("/seguimiento", { "x-request-id": "edge-42.a:b" });
    expect(kept.res.headers.get("x-request-id")).toBe("edge-42.a:b");
    expect(kept.line.reqId).toBe("edge-42.a:b");
    const replaced = await logged("/seguimiento", { "x-request-id": "bad id<script>" });
    expect(replaced.res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs assets at debug level and a 500 like any other request", async () => {
    expect((await logged("/assets/app.js")).line).toMatchObject({ level: 20, status: 200 });
    expect((await logged("/boom")).line).toMatchObject({ level: 30, status: 500, msg: "request" });
  });
});
