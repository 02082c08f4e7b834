import { randomBytes } from "node:crypto";

/**
 * The Content-Security-Policy of our HTML documents (docs/decisions/0010). Scripts run only
 * from our origin or inline with this response's nonce, which React Router puts on the inline
 * scripts it renders (`<ServerRouter nonce>`); nothing may frame the site but the site itself.
 * Styles may be inline (React `style` attributes, the theme colours); images may come from any
 * HTTPS address (a logo or a bucket/CDN URL the owner set) and from the bucket's public origin
 * (S3_PUBLIC_URL, which may be plain HTTP on a private network); the map embed is Google Maps'.
 * Forms post to the site itself; the external-store quote, posted without scripts, is answered
 * with a redirect to WhatsApp (routes/tienda-externa/route.tsx), which `form-action` governs too.
 */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(nonce: string, opts: { https: boolean; imageOrigin?: string }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${opts.imageOrigin?.startsWith("http:") ? ` ${opts.imageOrigin}` : ""}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self'",
    "frame-src 'self' https://maps.google.com https://www.google.com",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https://wa.me https://api.whatsapp.com",
    "frame-ancestors 'self'",
  ];
  if (opts.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** The origin uploaded images are loaded from, when they live in a bucket (S3_PUBLIC_URL). */
export function bucketImageOrigin(config: { STORAGE_DRIVER: string; S3_PUBLIC_URL?: string }) {
  if (config.STORAGE_DRIVER !== "s3" || !config.S3_PUBLIC_URL) return undefined;
  return new URL(config.S3_PUBLIC_URL).origin;
}

/** Browser features no page of the site uses, turned off so an injected frame or script cannot ask. */
export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), browsing-topics=()";
