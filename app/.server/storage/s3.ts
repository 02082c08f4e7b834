import { AwsClient } from "aws4fetch";
import {
  assertSafeKey,
  type Bucket,
  keyFromPublicUrl,
  PUBLIC_CACHE_CONTROL,
  type S3Options,
  type Storage,
  type StoredObject,
} from "./storage";

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
    async *list(bucket) {
      for await (const o of listObjects(client, opts, `${bucket}/`, fetchImpl)) {
        yield { key: o.key.slice(bucket.length + 1), size: o.size };
      }
    },
    async get(bucket, key) {
      const signed = await client.sign(objectUrl(bucket, key), { method: "GET" });
      const res = await fetchImpl(signed);
      if (res.status === 404) return null;
      if (!res.ok)
        throw new Error(`S3 GET ${res.status}: ${(await res.text().catch(() => "")).slice(0, 200)}`);
      return Buffer.from(await res.arrayBuffer());
    },
    spec: { kind: "s3", options: opts },
  };
}

/** The bucket's own URL (no object key), path-style or virtual-hosted. */
function bucketUrl(opts: S3Options): URL {
  const endpoint = new URL(opts.endpoint);
  return opts.forcePathStyle
    ? new URL(`${endpoint.origin}/${opts.bucket}`)
    : new URL(`${endpoint.protocol}//${opts.bucket}.${endpoint.host}/`);
}

const xmlText = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** ListObjectsV2 under `prefix`, page after page (1,000 keys each). Keys are full object keys. */
export async function* listObjects(
  client: AwsClient,
  opts: S3Options,
  prefix: string,
  fetchImpl: typeof fetch = fetch,
): AsyncGenerator<StoredObject> {
  let token: string | undefined;
  do {
    const url = bucketUrl(opts);
    url.searchParams.set("list-type", "2");
    url.searchParams.set("prefix", prefix);
    if (token) url.searchParams.set("continuation-token", token);
    const res = await fetchImpl(await client.sign(url.toString(), { method: "GET" }));
    const body = await res.text();
    if (!res.ok) throw new Error(`S3 LIST ${res.status}: ${body.slice(0, 200)}`);
    for (const [, item] of body.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
      const key = /<Key>([\s\S]*?)<\/Key>/.exec(item ?? "")?.[1];
      const size = /<Size>(\d+)<\/Size>/.exec(item ?? "")?.[1];
      if (key !== undefined) yield { key: xmlText(key), size: Number(size ?? 0) };
    }
    const truncated = /<IsTruncated>true<\/IsTruncated>/.test(body);
    token = truncated
      ? xmlText(/<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(body)?.[1] ?? "")
      : undefined;
  } while (token);
}
