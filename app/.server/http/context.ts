import type { StaffUser } from "../auth/sessions";
import type { Services } from "../services";

/** What every loader and action receives as `context` (React Router load context). */
export type AuthState = { user: StaffUser | null; error: Error | null };

export type RequestContext = {
  services: Services;
  auth: AuthState;
  requestId: string;
  /** The client's address as the trusted proxies report it (TRUST_PROXY). */
  clientIp: string;
  /** Where the site lives for links that leave the page (PUBLIC_URL, see public-origin.ts). */
  publicOrigin: string;
  /** This response's Content-Security-Policy nonce (csp.ts). */
  cspNonce: string;
  /**
   * Set while answering when a loader or action failed because the database is out of reach
   * (app/entry.server.tsx): the answer is then a 503 with Retry-After, never a 500.
   */
  outage?: boolean;
  /**
   * Set by the root loader: the instant (ms) this answer stops being true by the clock alone, when
   * an announcement or a special date starts or ends (app/lib/schedule.ts). The page cache keeps
   * its copy no longer (page-cache.ts).
   */
  cacheUntil?: number;
};

/** What the Express layer keeps per request in `res.locals`. */
export type Locals = {
  requestId: string;
  auth: AuthState;
  /** The session cookie's token when it named a live session. */
  sessionToken: string | null;
};

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
