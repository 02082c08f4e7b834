import { describe, expect, it } from "vitest";
import { bucketImageOrigin, contentSecurityPolicy } from "./csp";

describe("content security policy: image origins", () => {
  it("allows any HTTPS image origin, and a plain-HTTP bucket origin only when it is the configured one", () => {
    expect(contentSecurityPolicy("n", { https: false })).toContain("img-src 'self' data: blob: https:;");
    const origin = bucketImageOrigin({ STORAGE_DRIVER: "s3", S3_PUBLIC_URL: "http://10.0.0.5:9000/bucket" });
    expect(origin).toBe("http://10.0.0.5:9000");
    expect(contentSecurityPolicy("n", { https: false, imageOrigin: origin })).toContain(
      "img-src 'self' data: blob: https: http://10.0.0.5:9000;",
    );
  });

  it("adds nothing for local storage or an HTTPS bucket (already allowed)", () => {
    expect(bucketImageOrigin({ STORAGE_DRIVER: "local", S3_PUBLIC_URL: "http://x:1/b" })).toBeUndefined();
    const https = bucketImageOrigin({ STORAGE_DRIVER: "s3", S3_PUBLIC_URL: "https://cdn.example/b" });
    expect(contentSecurityPolicy("n", { https: true, imageOrigin: https })).toContain(
      "img-src 'self' data: blob: https:;",
    );
  });
});
