import { redirect } from "react-router";
import { actorOf, recordAudit } from "~/.server/audit/audit";
import { safeRedirect } from "~/.server/auth/login";
import { announceSessionsEnded, deleteSession } from "~/.server/auth/sessions";
import { signOffAgent } from "~/.server/chat/agents";
import { flashSetCookie, readSessionToken, sessionClearCookie } from "~/.server/http/cookies";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const token = await readSessionToken(request.headers.get("Cookie"));
  const { user } = context.auth;
  if (user) {
    // Visitors see the person go offline now, while the session still proves who asks.
    await signOffAgent(context.services, user.id).catch((err: unknown) =>
      context.services.logger.warn({ err }, "logout: could not set the agent offline"),
    );
  }
  if (token) {
    try {
      const userId = await deleteSession(context.services.db, token);
      // This session's live streams close now, on whichever instance holds them.
      if (userId) await announceSessionsEnded(context.services.bus, userId);
      if (user)
        await recordAudit(context.services.db, actorOf(user, context.clientIp), {
          action: "auth.sign-out",
          entityId: user.id,
          target: user.email,
        });
    } catch (err) {
      context.services.logger.error({ err }, "logout failed");
      // The session still exists on the server: stay signed in and say so.
      const referer = request.headers.get("Referer");
      const back =
        referer && URL.canParse(referer) ? safeRedirect(new URL(referer).pathname, "/admin") : "/admin";
      return redirect(back, { headers: { "Set-Cookie": await flashSetCookie("logout-failed") } });
    }
  }
  const secure = new URL(request.url).protocol === "https:";
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionClearCookie(secure));
  headers.append("Set-Cookie", await flashSetCookie("logout-ok"));
  return redirect("/admin-login", { headers });
}

export function loader() {
  return redirect("/");
}
