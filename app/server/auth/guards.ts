import { type AppLoadContext, data, redirect } from "react-router";
import { flashCookie } from "../../lib/flash";
import type { StaffRole } from "../db/schema";
import type { StaffUser } from "./sessions";

/**
 * The one guard helper (SPEC §2.1, §2.12, §6). Called at the top of every staff loader and
 * action. Page requests (GET) are redirected as the spec says; any other method gets 401/403,
 * so a form post or fetch from the wrong role is refused whatever the UI showed.
 */

function assertAuthReadable(context: AppLoadContext): void {
  if (context.auth.error) {
    throw data(
      { message: "No se pudo verificar la sesión. Inténtalo de nuevo en unos segundos." },
      { status: 503 },
    );
  }
}

export function getOptionalUser(context: AppLoadContext): StaffUser | null {
  return context.auth.user;
}

export function loginRedirectUrl(request: Request): string {
  const url = new URL(request.url);
  const target = url.pathname + url.search;
  return `/admin-login?redirectTo=${encodeURIComponent(target)}`;
}

export function requireStaff(request: Request, context: AppLoadContext): StaffUser {
  assertAuthReadable(context);
  const user = context.auth.user;
  if (user) return user;
  if (request.method === "GET" || request.method === "HEAD") throw redirect(loginRedirectUrl(request));
  throw data({ message: "Debes iniciar sesión." }, { status: 401 });
}

export function requireRole(
  request: Request,
  context: AppLoadContext,
  roles: readonly StaffRole[],
): StaffUser {
  const user = requireStaff(request, context);
  if (roles.includes(user.role)) return user;
  if (request.method === "GET" || request.method === "HEAD") {
    throw redirect("/admin", { headers: { "Set-Cookie": flashCookie("unauthorized") } });
  }
  throw data({ message: "No tienes permiso para realizar esta acción." }, { status: 403 });
}

export const STAFF: readonly StaffRole[] = ["admin", "operador"];
export const ADMIN_ONLY: readonly StaffRole[] = ["admin"];

/** canManageChat (SPEC-NOTES): admin or operador. */
export function canManageChat(user: StaffUser | null): boolean {
  return !!user && STAFF.includes(user.role);
}

/** Parses a form body; a body that is not a form gets a clear 400 instead of a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: "Solicitud inválida: se esperaba un formulario." }, { status: 400 });
  }
}
