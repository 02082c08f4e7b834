import { type AppLoadContext, data, redirect } from "react-router";
import { can, type Permission } from "../../lib/permissions";
import type { StaffUser } from "../auth/sessions";
import { referenceOf } from "../request-scope";
import { flashSetCookie } from "./cookies";
import { outageHeaders } from "./outage";

/**
 * The guards (docs/product.md §1). Staff loaders call `requirePermission` with a permission of
 * the one table in app/lib/permissions.ts; an action whose intents need different permissions
 * calls `requireStaff` and its intent table checks each one (./intents.ts). Page requests (GET) are
 * redirected: no session goes to the login, which remembers the page; the wrong role goes to
 * /admin with the 'Acceso Denegado' flash. Any other method gets 401/403, so a form post or
 * fetch from the wrong role is refused whatever the UI showed.
 */

function assertAuthReadable(context: AppLoadContext): void {
  if (context.auth.error) {
    throw data(
      {
        message: "No se pudo verificar la sesión. Inténtalo de nuevo en unos segundos.",
        reference: referenceOf(),
      },
      { status: 503, headers: outageHeaders() },
    );
  }
}

const isPageRequest = (request: Request) => request.method === "GET" || request.method === "HEAD";

export function loginRedirectUrl(request: Request): string {
  const url = new URL(request.url);
  const target = url.pathname + url.search;
  return `/admin-login?redirectTo=${encodeURIComponent(target)}`;
}

/** Any signed-in staff member. */
export function requireStaff(request: Request, context: AppLoadContext): StaffUser {
  assertAuthReadable(context);
  const user = context.auth.user;
  if (user) return user;
  if (isPageRequest(request)) throw redirect(loginRedirectUrl(request));
  throw data({ message: "Debes iniciar sesión." }, { status: 401 });
}

/** A signed-in staff member whose role has `permission`. */
export async function requirePermission(
  request: Request,
  context: AppLoadContext,
  permission: Permission,
): Promise<StaffUser> {
  const user = requireStaff(request, context);
  if (can(user, permission)) return user;
  if (isPageRequest(request)) {
    throw redirect("/admin", { headers: { "Set-Cookie": await flashSetCookie("unauthorized") } });
  }
  throw data({ message: "No tienes permiso para realizar esta acción." }, { status: 403 });
}
