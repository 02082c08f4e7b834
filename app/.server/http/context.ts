import type { StaffUser } from "../auth/sessions";
import type { Services } from "../services";

/** What every loader and action receives as `context` (React Router load context). */
export type AuthState = { user: StaffUser | null; error: Error | null };

export type RequestContext = {
  services: Services;
  auth: AuthState;
  requestId: string;
  clientIp: string;
};

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
