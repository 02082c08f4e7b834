import { redirect } from "react-router";
import { flashCookie } from "~/lib/flash";
import { safeRedirect } from "~/server/auth/login";
import { clearSessionCookie, deleteSession, readCookie, SESSION_COOKIE } from "~/server/auth/sessions";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const token = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  if (token) {
    try {
      await deleteSession(context.services.db, token);
    } catch (err) {
      context.services.logger.error({ err }, "logout failed");
      // The session still exists on the server: stay signed in and say so.
      const referer = request.headers.get("Referer");
      const back = referer ? safeRedirect(new URL(referer).pathname, "/admin") : "/admin";
      return redirect(back, { headers: { "Set-Cookie": flashCookie("logout-failed") } });
    }
  }
  const secure = new URL(request.url).protocol === "https:";
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(secure));
  headers.append("Set-Cookie", flashCookie("logout-ok"));
  return redirect("/admin-login", { headers });
}

export function loader() {
  return redirect("/");
}
