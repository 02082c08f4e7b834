// An HTTP proxy that checks every request's AWS Signature Version 4 (Authorization header) against one
// access key, the way AWS S3, MinIO or R2 do, and forwards good requests to an S3 server that does not
// check them itself (s3rver). Unsigned GET/HEAD of an object pass: the bucket is public-read, as the
// site's S3_PUBLIC_URL expects. Anything else unsigned is refused.
//
//   const proxy = await startSigV4Proxy({ target: "http://127.0.0.1:4568", accessKeyId, secretAccessKey,
//                                         region: "us-east-1", host: "127.0.0.1", port: 0 });
//   proxy.url; proxy.stats  // { verified, refused }
//   await proxy.close();
//
// Refusals answer 403 with S3's XML error: SignatureDoesNotMatch, InvalidAccessKeyId, AccessDenied,
// RequestTimeTooSkewed (more than 15 minutes off), XAmzContentSHA256Mismatch (400).

import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";

const MAX_SKEW_MS = 15 * 60 * 1000;

const sha256Hex = (data) => createHash("sha256").update(data).digest("hex");
const hmac = (key, data) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding of one already-decoded string: everything but A-Z a-z 0-9 - _ . ~ */
function uriEncode(s) {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** S3's canonical URI: the decoded path, each segment encoded once (slashes kept). */
export function canonicalUri(rawPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(rawPath.replace(/\+/g, " "));
  } catch {
    decoded = rawPath;
  }
  return decoded.split("/").map(uriEncode).join("/");
}

/** Query string sorted by name then value, both encoded (an empty name is dropped). */
export function canonicalQuery(search) {
  const params = [...new URLSearchParams(search)].filter(([k]) => k);
  return params
    .map(([k, v]) => [uriEncode(k), uriEncode(v)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

export function parseAuthorization(header) {
  const m =
    /^AWS4-HMAC-SHA256\s+Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
      header.trim(),
    );
  if (!m) return null;
  const [accessKeyId, date, region, service, terminator] = m[1].split("/");
  if (terminator !== "aws4_request") return null;
  return { accessKeyId, date, region, service, signedHeaders: m[2].split(";"), signature: m[3] };
}

/**
 * Verifies one request. `headers` are Node's lower-cased incoming headers; `rawHeaders` its raw list
 * (repeated headers are joined with commas, as AWS does). Returns null when good, else an S3 error.
 */
export function verifyRequest({ method, url, headers, body, keys, region, now = Date.now() }) {
  const auth = parseAuthorization(String(headers.authorization ?? ""));
  if (!auth) return { status: 403, code: "AccessDenied", message: "Missing or malformed Authorization" };
  if (auth.accessKeyId !== keys.accessKeyId) {
    return {
      status: 403,
      code: "InvalidAccessKeyId",
      message: "The AWS Access Key Id you provided does not exist",
    };
  }
  if (auth.region !== region || auth.service !== "s3") {
    return { status: 403, code: "SignatureDoesNotMatch", message: "Wrong credential scope" };
  }
  const amzDate = String(headers["x-amz-date"] ?? "");
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!m || amzDate.slice(0, 8) !== auth.date) {
    return { status: 403, code: "AccessDenied", message: "Missing or bad X-Amz-Date" };
  }
  const signedAt = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  if (Math.abs(now - signedAt) > MAX_SKEW_MS) {
    return {
      status: 403,
      code: "RequestTimeTooSkewed",
      message: "The difference between the request time and the current time is too large",
    };
  }
  if (!auth.signedHeaders.includes("host")) {
    return { status: 403, code: "SignatureDoesNotMatch", message: "Host is not signed" };
  }
  const payloadHash = String(headers["x-amz-content-sha256"] ?? "");
  if (!payloadHash) return { status: 400, code: "InvalidRequest", message: "Missing x-amz-content-sha256" };
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256Hex(body)) {
    return {
      status: 400,
      code: "XAmzContentSHA256Mismatch",
      message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
    };
  }
  const u = new URL(url, "http://placeholder");
  const canonicalHeaders = auth.signedHeaders
    .map((name) => {
      const v = headers[name];
      const value = Array.isArray(v) ? v.join(",") : String(v ?? "");
      return `${name}:${value.trim().replace(/\s+/g, " ")}\n`;
    })
    .join("");
  const canonicalRequest = [
    method,
    canonicalUri(u.pathname),
    canonicalQuery(u.search),
    canonicalHeaders,
    auth.signedHeaders.join(";"),
    payloadHash,
  ].join("\n");
  const scope = `${auth.date}/${auth.region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  let key = hmac(`AWS4${keys.secretAccessKey}`, auth.date);
  key = hmac(key, auth.region);
  key = hmac(key, "s3");
  key = hmac(key, "aws4_request");
  const expected = createHmac("sha256", key).update(stringToSign).digest();
  const given = Buffer.from(auth.signature, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return {
      status: 403,
      code: "SignatureDoesNotMatch",
      message:
        "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    };
  }
  return null;
}

function s3Error(res, { status, code, message }) {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  res.writeHead(status, { "Content-Type": "application/xml", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

/** Starts the proxy. */
export async function startSigV4Proxy({
  target,
  accessKeyId,
  secretAccessKey,
  region,
  host = "127.0.0.1",
  port = 0,
}) {
  const upstream = new URL(target);
  const stats = { verified: 0, refused: 0, anonymous: 0, refusals: [] };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const signed = req.headers.authorization !== undefined;
      const isRead = req.method === "GET" || req.method === "HEAD";
      if (!signed && isRead) {
        stats.anonymous++;
      } else {
        const error = verifyRequest({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body,
          keys: { accessKeyId, secretAccessKey },
          region,
        });
        if (error) {
          stats.refused++;
          stats.refusals.push(`${req.method} ${req.url} ${error.code}`);
          s3Error(res, error);
          return;
        }
        stats.verified++;
      }
      // s3rver knows nothing of our keys: forward the checked request anonymously.
      const headers = { ...req.headers, host: upstream.host, "content-length": String(body.length) };
      delete headers.authorization;
      delete headers["transfer-encoding"];
      const out = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      out.on("error", (e) => s3Error(res, { status: 502, code: "BadGateway", message: e.message }));
      out.end(body);
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const addr = server.address();
  return {
    url: `http://${host}:${addr.port}`,
    port: addr.port,
    stats,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
