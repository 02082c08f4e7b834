import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

/**
 * Where the server may post a notification (docs/security.md): the server makes the request, so a
 * subscription's endpoint must never lead it to this machine or its network (a blind request to
 * an internal service, and a yes/no answer about it). Only https on port 443 at a browser vendor's
 * push service; the name is resolved and the connection made to the address that was checked, and
 * only when every address of the name is public. PUSH_ALLOWED_HOSTS adds hosts (a self-hosted
 * push service, the tests' local one); those are trusted as configured.
 */

/** The push services browsers subscribe with: Chrome/Edge (FCM), Firefox, Safari, Windows. */
const PUSH_SERVICE_HOSTS = new Set([
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "push.services.mozilla.com",
  "web.push.apple.com",
]);
const PUSH_SERVICE_SUFFIXES = [".push.apple.com", ".notify.windows.com"];

/** An added host: `name`, `name:port`, or an origin `http(s)://name[:port]` (no port: any port). */
export type AllowedHost = { protocol: "http:" | "https:"; hostname: string; port: string | null };

export function parseAllowedHosts(list: string | undefined): AllowedHost[] {
  return (list ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = new URL(/^https?:\/\//i.test(entry) ? entry : `https://${entry}`);
      const explicitPort = /:\d+\/?$/.test(entry);
      return {
        protocol: url.protocol as AllowedHost["protocol"],
        hostname: url.hostname.toLowerCase(),
        port: explicitPort ? url.port || (url.protocol === "https:" ? "443" : "80") : null,
      };
    });
}

const portOf = (url: URL) => url.port || (url.protocol === "https:" ? "443" : "80");

/** The configured host an endpoint is at, or null. */
function addedHost(url: URL, allowed: AllowedHost[]): AllowedHost | null {
  return (
    allowed.find(
      (a) =>
        a.protocol === url.protocol &&
        a.hostname === url.hostname.toLowerCase() &&
        (a.port === null || a.port === portOf(url)),
    ) ?? null
  );
}

function isPushServiceHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.has(h) || PUSH_SERVICE_SUFFIXES.some((s) => h.endsWith(s));
}

/** Whether the server may post to `endpoint` at all (before any name is resolved). */
export function endpointAllowed(endpoint: string, allowed: AllowedHost[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (addedHost(url, allowed)) return true;
  return url.protocol === "https:" && url.port === "" && isPushServiceHost(url.hostname);
}

/** Addresses that are not on the public Internet (loopback, private, link-local, shared, reserved…). */
const NOT_PUBLIC = new net.BlockList();
for (const [net4, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NOT_PUBLIC.addSubnet(net4, prefix, "ipv4");
for (const [net6, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC.addSubnet(net6, prefix, "ipv6");

export function isPublicAddress(address: string): boolean {
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6 && /^::ffff:/i.test(address)) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

export class EndpointRefused extends Error {}

/**
 * A `lookup` for the request that resolves the name and hands the socket an address only when
 * every address of the name is public: what was checked is what is connected to.
 */
const publicLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { all: true, family: options.family }, (err, addresses) => {
    if (err) return callback(err, "", 4);
    const list = addresses as dns.LookupAddress[];
    const first = list[0];
    if (!first || list.some((a) => !isPublicAddress(a.address))) {
      return callback(
        new EndpointRefused(`push endpoint ${hostname} resolves to a non-public address`),
        "",
        4,
      );
    }
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, first.address, first.family);
  });
};

export type PushRequest = { endpoint: string; method: string; headers: Record<string, string>; body: Buffer };

/**
 * Posts one prepared notification; resolves with the push service's status. Refuses (without any
 * request) an endpoint outside the allowed hosts, and one whose name resolves to a non-public
 * address. No redirects are followed; 10 s at most.
 */
export function postToPushService(req: PushRequest, allowed: AllowedHost[]): Promise<number> {
  if (!endpointAllowed(req.endpoint, allowed))
    return Promise.reject(new EndpointRefused("push endpoint not allowed"));
  const url = new URL(req.endpoint);
  const added = addedHost(url, allowed) !== null;
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: req.method,
        headers: { ...req.headers, "Content-Length": String(req.body.length) },
        // A configured host is trusted as it is (it may be on a private network).
        lookup: added ? undefined : publicLookup,
        timeout: 10_000,
        agent: false,
      },
      (res) => {
        res.resume();
        res.once("end", () => resolve(res.statusCode ?? 0));
        res.once("error", reject);
      },
    );
    request.once("timeout", () => request.destroy(new Error("push service did not answer in 10 s")));
    request.once("error", reject);
    request.end(req.body);
  });
}
