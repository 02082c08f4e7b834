import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { srcSetFor } from "../../lib/images";
import { testLogger } from "../testing/db";
import { setupTempDir } from "../testing/setup";
import { ImageError, processImage, removeStoredImage, storeImage } from "./images";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";

const root = setupTempDir("mm-storage-");

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

describe("local storage", () => {
  const storage = createLocalStorage(root);

  it("stores under the bucket and the spec's path, with a public URL that maps back to the key", async () => {
    const url = await storage.put(
      "product-images",
      "public/1700000000-abc.webp",
      Buffer.from("x"),
      "image/webp",
    );
    expect(url).toBe("/files/product-images/public/1700000000-abc.webp");
    expect(fs.readFileSync(path.join(root, "product-images/public/1700000000-abc.webp"), "utf8")).toBe("x");
    expect(storage.keyFromUrl("product-images", url)).toBe("public/1700000000-abc.webp");
    expect(storage.keyFromUrl("product-images", `http://example.com${url}`)).toBe(
      "public/1700000000-abc.webp",
    );
    expect(storage.keyFromUrl("site-assets", url)).toBeNull();
    expect(storage.keyFromUrl("product-images", "https://cdn.example/x.webp")).toBeNull();
    await storage.remove("product-images", "public/1700000000-abc.webp");
    await storage.remove("product-images", "public/1700000000-abc.webp"); // missing: fine
    expect(fs.existsSync(path.join(root, "product-images/public/1700000000-abc.webp"))).toBe(false);
  });

  it("refuses keys that could escape the bucket", async () => {
    for (const key of ["../x", "public/../../etc/passwd", "/abs", "a//b", ""]) {
      await expect(storage.put("site-assets", key, Buffer.from("x"), "text/plain")).rejects.toThrow(
        /inválida/,
      );
    }
  });
});

describe("image pipeline", () => {
  const storage = createLocalStorage(root);

  it("re-encodes as WebP within the profile's bounds without upscaling", async () => {
    const big = await processImage(await png(2000, 1000), "product");
    expect([big.width, big.height]).toEqual([800, 400]);
    expect((await sharp(big.buffer).metadata()).format).toBe("webp");
    const small = await processImage(await png(200, 100), "product");
    expect([small.width, small.height]).toEqual([200, 100]);
  });

  it("rejects files that are not images", async () => {
    await expect(processImage(Buffer.from("<html>not an image</html>"), "product")).rejects.toBeInstanceOf(
      ImageError,
    );
  });

  it("stores smaller widths beside the main file and removes them all", async () => {
    const { url } = await storeImage(
      storage,
      "product-images",
      "public/1-demo.webp",
      await png(1200, 1200),
      "product",
    );
    const dir = path.join(root, "product-images/public");
    expect(
      fs
        .readdirSync(dir)
        .filter((f) => f.startsWith("1-demo"))
        .sort(),
    ).toEqual(["1-demo-320w.webp", "1-demo-480w.webp", "1-demo-640w.webp", "1-demo.webp"]);
    expect(srcSetFor(url, "product")).toBe(
      "/files/product-images/public/1-demo-320w.webp 320w, /files/product-images/public/1-demo-480w.webp 480w, /files/product-images/public/1-demo-640w.webp 640w, /files/product-images/public/1-demo.webp 800w",
    );
    expect(await removeStoredImage(storage, "product-images", url, testLogger)).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith("1-demo"))).toEqual([]);
  });

  it("only warns when removal fails", async () => {
    const failing = { ...storage, remove: async () => Promise.reject(new Error("disk gone")) };
    expect(
      await removeStoredImage(failing, "product-images", "/files/product-images/public/x.webp", testLogger),
    ).toBe(false);
  });
});

describe("S3-compatible storage", () => {
  it("signs PUT and DELETE requests to the bucket with path-style addressing", async () => {
    const seen: {
      method?: string;
      url?: string;
      auth?: string;
      type?: string;
      cache?: string;
      body: string;
    }[] = [];
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        seen.push({
          method: req.method,
          url: req.url,
          auth: req.headers.authorization,
          type: req.headers["content-type"],
          cache: req.headers["cache-control"],
          body,
        });
        res.statusCode = req.method === "DELETE" ? 204 : 200;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    const s3 = createS3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      bucket: "tienda",
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "secret",
      publicUrl: "https://cdn.example.com/tienda",
      forcePathStyle: true,
    });
    const url = await s3.put("site-assets", "public/logo-1.webp", Buffer.from("logo"), "image/webp");
    expect(url).toBe("https://cdn.example.com/tienda/site-assets/public/logo-1.webp");
    expect(s3.keyFromUrl("site-assets", url)).toBe("public/logo-1.webp");
    await s3.remove("site-assets", "public/logo-1.webp");
    server.close();
    expect(seen[0]).toMatchObject({
      method: "PUT",
      url: "/tienda/site-assets/public/logo-1.webp",
      type: "image/webp",
      cache: "public, max-age=31536000, immutable",
      body: "logo",
    });
    expect(seen[0]?.auth).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request/,
    );
    expect(seen[1]).toMatchObject({ method: "DELETE", url: "/tienda/site-assets/public/logo-1.webp" });
  });
});
