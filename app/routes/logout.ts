import { type AppLoadContext, redirect } from "react-router";
import { z } from "zod";
import { actorOf, recordAudit } from "~/.server/audit/audit";
import { safeRedirect } from "~/.server/auth/login";
import { announceSessionsEnded, deleteSession } from "~/.server/auth/sessions";
import { signOffAgent } from "~/.server/chat/agents";
import { flashSetCookie, readSessionToken, sessionClearCookie } from "~/.server/http/cookies";
import { dispatchIntent, intentsWith } from "~/.server/http/intents";
import { errorToast, type ToastMessage } from "~/lib/toast";
import type { Route } from "./+types/logout";

const intent = intentsWith<ToastMessage>();

/**
 * Ends this session: the person's chat agent goes offline first (visitors see it now, while the
 * session still proves who asks), then the session and its live streams on every instance.
 * False when the session could not be deleted: the person is still signed in.
 */
async function endSession(request: Request, context: AppLoadContext): Promise<boolean> {
  const { db, bus, logger } = context.services;
  const token = await readSessionToken(request.headers.get("Cookie"));
  const { user } = context.auth;
  if (user) {
    await signOffAgent(context.services, user.id).catch((err: unknown) =>
      logger.warn({ err }, "logout: could not set the agent offline"),
    );
  }
  if (!token) return true;
  try {
    const userId = await deleteSession(db, token);
    // This session's live streams close now, on whichever instance holds them.
    if (userId) await announceSessionsEnded(bus, userId);
    if (user)
      await recordAudit(db, actorOf(user, context.clientIp), {
        action: "auth.sign-out",
        entityId: user.id,
        target: user.email,
      });
    return true;
  } catch (err) {
    logger.error({ err }, "logout failed");
    return false;
  }
}

/** Signed out: the cookie goes, 'Sesión Cerrada' shows on the sign-in page. */
async function signedOut(request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionClearCookie(secure));
  headers.append("Set-Cookie", await flashSetCookie("logout-ok"));
  return redirect("/admin-login", { headers });
}

/** The session still exists on the server: back where the person was, saying so. */
async function stillSignedIn(request: Request) {
  const referer = request.headers.get("Referer");
  const back =
    referer && URL.canParse(referer) ? safeRedirect(new URL(referer).pathname, "/admin") : "/admin";
  return redirect(back, { headers: { "Set-Cookie": await flashSetCookie("logout-failed") } });
}

/**
 * 'Cerrar Sesión' (docs/product.md §3.0), through the one action shape. Signing out has one intent
 * and reads nothing of the body, so whatever was posted the session ends; the intent is named here
 * as the sign-in does (app/routes/admin-login/route.tsx), and the form needs no hidden input.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = new FormData();
  form.set("intent", "logout");
  return dispatchIntent(
    form,
    {
      logout: intent({
        schema: z.object({}),
        run: () => endSession(request, context),
        done: () => null,
        failed: () => errorToast("No se pudo cerrar la sesión. Inténtalo de nuevo."),
        respond: (ended) => (ended ? signedOut(request) : stillSignedIn(request)),
      }),
    },
    { logger: context.services.logger, unknownIntent: errorToast("Acción desconocida.") },
  );
}

export function loader() {
  return redirect("/");
}
