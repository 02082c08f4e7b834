import { AwsClient } from "aws4fetch";
import { assertSafeKey, type Bucket, keyFromPublicUrl, PUBLIC_CACHE_CONTROL, type Storage } from "./storage";

export type S3Options = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL visitors load files from (bucket website, CDN, ...). */
  publicUrl: string;
  /** Path-style addressing (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
};

/**
 * Any S3-compatible bucket. The spec's two buckets become top-level prefixes inside one real
 * bucket: `{bucket}/{key}`.
 */
export function createS3Storage(opts: S3Options, fetchImpl: typeof fetch = fetch): Storage {
  const client = new AwsClient({
    accessKeyId: opts.accessKeyId,
    secretAccessKey: opts.secretAccessKey,
    region: opts.region,
    service: "s3",
  });
  const objectUrl = (bucket: Bucket, key: string) => {
    assertSafeKey(key);
    const endpoint = new URL(opts.endpoint);
    const path = `${bucket}/${key}`.split("/").map(encodeURIComponent).join("/");
    if (opts.forcePathStyle) return `${endpoint.origin}/${opts.bucket}/${path}`;
    return `${endpoint.protocol}//${opts.bucket}.${endpoint.host}/${path}`;
  };
  const send = async (url: string, init: RequestInit) => {
    const signed = await client.sign(url, init);
    const res = await fetchImpl(signed);
    if (!res.ok && !(init.method === "DELETE" && res.status === 404)) {
      const text = await res.text().catch(() => "");
      throw new Error(`S3 ${init.method} ${res.status}: ${text.slice(0, 200)}`);
    }
  };
  return {
    kind: "s3",
    async put(bucket, key, body, contentType) {
      await send(objectUrl(bucket, key), {
        method: "PUT",
        body: new Uint8Array(body),
        headers: { "Content-Type": contentType, "Cache-Control": PUBLIC_CACHE_CONTROL },
      });
      return this.publicUrl(bucket, key);
    },
    async remove(bucket, key) {
      await send(objectUrl(bucket, key), { method: "DELETE" });
    },
    publicUrl(bucket, key) {
      assertSafeKey(key);
      return `${opts.publicUrl.replace(/\/$/, "")}/${bucket}/${key}`;
    },
    keyFromUrl(bucket, url) {
      return keyFromPublicUrl(opts.publicUrl, bucket, url);
    },
  };
}
