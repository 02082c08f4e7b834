import { redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { attemptLogin, safeRedirect } from "~/.server/auth/login";
import { restoreStatusOnSignIn } from "~/.server/chat/sign-in";
import type { DomainError } from "~/.server/errors";
import { flashSetCookie, sessionSetCookie } from "~/.server/http/cookies";
import { dispatchIntent, intentsWith, readForm } from "~/.server/http/intents";
import { LOGIN_INCOMPLETE, LOGIN_INCOMPLETE_TITLE, loginSchema } from "~/lib/auth-forms";
import { useReplyMessage } from "~/lib/forms";
import { pageTitle } from "~/lib/meta";
import { errorToast, type ToastMessage } from "~/lib/toast";
import type { Route } from "./+types/route";
import { LoginCard } from "./login-card";

const intent = intentsWith<ToastMessage>();

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Acceso de Personal") },
  { name: "robots", content: "noindex" },
];

/** A refused sign-in also says when to try again in the response (Retry-After), not only in words. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export function loader({ request, context }: Route.LoaderArgs) {
  if (context.auth.user) {
    const to = new URL(request.url).searchParams.get("redirectTo");
    throw redirect(safeRedirect(to));
  }
  return null;
}

/** Sign-in refusals in Spanish (docs/decisions/0001). */
function refusal(error: DomainError | null): ToastMessage {
  if (error?.kind === "rate_limited") {
    const seconds = error.retryAfterSeconds ?? 60;
    const minutes = Math.ceil(seconds / 60);
    const wait =
      seconds < 60
        ? `${seconds} ${seconds === 1 ? "segundo" : "segundos"}`
        : `${minutes} ${minutes === 1 ? "minuto" : "minutos"}`;
    return errorToast(
      `Demasiados intentos fallidos. Espera ${wait} antes de volver a intentarlo.`,
      "Demasiados intentos",
    );
  }
  if (error?.kind === "unauthenticated") {
    return errorToast("Correo o contraseña incorrectos.", "Error al iniciar sesión");
  }
  return errorToast("No se pudo iniciar sesión. Inténtalo de nuevo.", "Error al iniciar sesión");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { db, config, logger } = context.services;
  // The login form has one intent; the field is added here so the form needs no hidden input.
  form.set("intent", "login");
  return dispatchIntent(
    form,
    {
      login: intent({
        schema: loginSchema,
        hideFields: ["password"],
        run: ({ email, password }) =>
          attemptLogin(
            db,
            {
              email,
              password,
              ip: context.clientIp,
              userAgent: request.headers.get("User-Agent") ?? undefined,
            },
            {
              maxFailures: config.LOGIN_MAX_FAILURES,
              windowMinutes: config.LOGIN_WINDOW_MINUTES,
              session: { ttlHours: config.SESSION_TTL_HOURS, maxDays: config.SESSION_MAX_DAYS },
            },
          ),
        done: () => null,
        respond: async (session, { redirectTo }) => {
          // The chat status they chose comes back (a first sign-in: by the opening hours).
          await restoreStatusOnSignIn(context.services, session.user);
          const headers = new Headers();
          const secure = new URL(request.url).protocol === "https:";
          headers.append("Set-Cookie", await sessionSetCookie(session.token, { ...session, secure }));
          headers.append("Set-Cookie", await flashSetCookie("login-ok"));
          return redirect(safeRedirect(redirectTo), { headers });
        },
        failed: refusal,
        invalid: () => errorToast(LOGIN_INCOMPLETE, LOGIN_INCOMPLETE_TITLE),
      }),
    },
    { logger, unknownIntent: errorToast("Acción desconocida.") },
  );
}

export default function AdminLogin() {
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/admin-login") === true;
  useReplyMessage(reply);
  return (
    <LoginCard
      busy={busy}
      lastResult={reply?.result}
      errorMessage={reply?.message?.description}
      redirectTo={params.get("redirectTo") ?? ""}
    />
  );
}
