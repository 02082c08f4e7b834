import fs from "node:fs";
import { AwsClient } from "aws4fetch";

/** BACKUP_S3_*: a bucket (any S3-compatible service) that receives a copy of every archive. */
export type OffsiteOptions = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Folder inside the bucket, e.g. `backups/`. */
  prefix: string;
};

function client(o: OffsiteOptions) {
  return new AwsClient({
    accessKeyId: o.accessKeyId,
    secretAccessKey: o.secretAccessKey,
    region: o.region,
    service: "s3",
  });
}

export function offsiteKey(o: OffsiteOptions, name: string): string {
  return `${o.prefix.replace(/^\/+/, "")}${name}`;
}

function objectUrl(o: OffsiteOptions, key: string): string {
  const endpoint = new URL(o.endpoint);
  const p = key.split("/").map(encodeURIComponent).join("/");
  return o.forcePathStyle
    ? `${endpoint.origin}/${o.bucket}/${p}`
    : `${endpoint.protocol}//${o.bucket}.${endpoint.host}/${p}`;
}

async function send(o: OffsiteOptions, key: string, init: RequestInit): Promise<Response> {
  const res = await fetch(await client(o).sign(objectUrl(o, key), init));
  if (!res.ok && !(init.method === "DELETE" && res.status === 404)) {
    const text = await res.text().catch(() => "");
    throw new Error(`S3 ${init.method} ${res.status}: ${text.slice(0, 200)}`);
  }
  return res;
}

/**
 * Uploads a finished archive (one PUT; S3 takes up to 5 GB that way). Read whole: it runs in the
 * backup worker, a short-lived process, and S3 wants the length up front.
 */
export async function uploadArchive(o: OffsiteOptions, file: string, name: string): Promise<string> {
  const key = offsiteKey(o, name);
  const body = await fs.promises.readFile(file);
  await send(o, key, {
    method: "PUT",
    body: new Uint8Array(body),
    headers: { "Content-Type": "application/gzip" },
  });
  return key;
}

export async function deleteArchive(o: OffsiteOptions, key: string): Promise<void> {
  await send(o, key, { method: "DELETE" });
}

/** The archive's bytes as a stream (a download from an instance that does not hold the file). */
export async function openArchive(o: OffsiteOptions, key: string): Promise<Response> {
  return send(o, key, { method: "GET" });
}
