import net from "node:net";

/**
 * Which reverse proxies may tell us the client's address and scheme (X-Forwarded-For/-Proto):
 * nobody, the nearest N hops, or proxies at these addresses. It is what Express's
 * "trust proxy" setting takes. `true` is refused: it makes Express take the left-most
 * X-Forwarded-For entry, which the client itself writes, so every per-address limit could be
 * dodged by sending a made-up address.
 */
export type TrustProxy = false | number | string[];

/** Names Express understands for common private ranges. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

export const TRUST_PROXY_HELP =
  "usa el número de proxies delante del sitio (ej. 1) o sus direcciones (ej. 10.0.0.0/8 o loopback)";

export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | { error: string } {
  const v = (raw ?? "").trim().toLowerCase();
  if (v === "" || v === "false" || v === "no" || v === "0") return { value: false };
  if (v === "true" || v === "yes" || v === "*" || v === "all") {
    return {
      error: `TRUST_PROXY=${raw} confiaría en la dirección que escriba cualquier cliente; ${TRUST_PROXY_HELP}`,
    };
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10)
      return { error: `TRUST_PROXY: ${hops} proxies seguidos no es creíble; ${TRUST_PROXY_HELP}` };
    return { value: hops };
  }
  const entries = v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !NAMED_RANGES.has(e) && !isAddressOrSubnet(e));
  if (bad.length > 0) return { error: `TRUST_PROXY: «${bad.join(", ")}» no es válido; ${TRUST_PROXY_HELP}` };
  return { value: entries };
}

function isAddressOrSubnet(entry: string): boolean {
  const [addr = "", prefix, ...rest] = entry.split("/");
  if (rest.length > 0) return false;
  const family = net.isIP(addr);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The client's address: the socket's peer, or what the proxies we trust say it is. */
export function clientAddress(req: { ip?: string; socket: { remoteAddress?: string } }): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}
