import { writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express, { type RequestHandler } from "express";
import { beforeAll, describe, expect, it } from "vitest";
import { serveForTests } from "../../test/serve";
import { setupTempDir } from "../testing/setup";
import { precompressedAssets } from "./precompressed";

describe("precompressedAssets", () => {
  const source = `console.log(${JSON.stringify("á".repeat(2000))});`;
  const dir = setupTempDir("precompressed-");
  const app = express();
  // Made at the first request: it lists the folder, which beforeAll fills.
  let assets: RequestHandler | undefined;
  app.use("/assets", (req, res, next) => {
    assets ??= precompressedAssets(dir);
    assets(req, res, next);
  });
  app.use("/assets", express.static(dir));
  const url = serveForTests(app);

  beforeAll(async () => {
    writeFileSync(path.join(dir, "app-1.js"), source);
    writeFileSync(path.join(dir, "app-1.js.br"), brotliCompressSync(source));
    writeFileSync(path.join(dir, "app-1.js.gz"), gzipSync(source));
    writeFileSync(path.join(dir, "only-plain.js"), source);
  });

  const get = (file: string, encoding: string) =>
    fetch(`${url()}/assets/${file}`, { headers: { "accept-encoding": encoding } });

  it("sends the brotli copy to browsers that accept it, with the script's type and a long cache", async () => {
    const res = await get("app-1.js", "gzip, deflate, br");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(await res.text()).toBe(source);
  });

  it("falls back to gzip, then to the plain file", async () => {
    const gz = await get("app-1.js", "gzip");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await gz.text()).toBe(source);
    const plain = await get("app-1.js", "identity");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(source);
    const noCopy = await get("only-plain.js", "br");
    expect(noCopy.headers.get("content-encoding")).toBeNull();
    expect(await noCopy.text()).toBe(source);
  });

  it("never serves a compressed copy by its own name or outside the folder", async () => {
    expect((await get("app-1.js.br", "br")).headers.get("content-encoding")).toBeNull();
    expect((await get("..%2Fprecompressed.ts", "br")).status).toBe(404);
  });
});
