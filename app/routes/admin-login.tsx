import { useEffect, useRef } from "react";
import { data, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { LoginCard } from "~/components/admin/login-card";
import { flashCookie } from "~/lib/flash";
import { pageTitle } from "~/lib/meta";
import { notify } from "~/lib/toast";
import { readForm } from "~/server/auth/guards";
import { attemptLogin, safeRedirect } from "~/server/auth/login";
import { sessionCookie } from "~/server/auth/sessions";
import type { Route } from "./+types/admin-login";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Acceso de Personal") },
  { name: "robots", content: "noindex" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  if (context.auth.user) {
    const to = new URL(request.url).searchParams.get("redirectTo");
    throw redirect(safeRedirect(to));
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { db, config } = context.services;
  const email = form.get("email");
  const result = await attemptLogin(
    db,
    {
      email: typeof email === "string" ? email : "",
      password: form.get("password"),
      ip: context.clientIp,
      userAgent: request.headers.get("User-Agent") ?? undefined,
    },
    {
      maxFailures: config.LOGIN_MAX_FAILURES,
      windowMinutes: config.LOGIN_WINDOW_MINUTES,
      sessionTtlHours: config.SESSION_TTL_HOURS,
    },
  );
  if (!result.ok) {
    const { status, ...error } = result.error;
    return data(
      { error, email: typeof email === "string" ? email.slice(0, 320) : "", at: Date.now() },
      { status },
    );
  }
  const headers = new Headers();
  const secure = new URL(request.url).protocol === "https:";
  headers.append("Set-Cookie", sessionCookie(result.token, { expiresAt: result.expiresAt, secure }));
  headers.append("Set-Cookie", flashCookie("login-ok"));
  return redirect(safeRedirect(form.get("redirectTo")), { headers });
}

export default function AdminLogin() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/admin-login") === true;
  const shown = useRef<number | null>(null);

  useEffect(() => {
    if (!actionData?.error || shown.current === actionData.at) return;
    shown.current = actionData.at;
    notify({ ...actionData.error, variant: "destructive" });
  }, [actionData]);

  return (
    <LoginCard
      busy={busy}
      defaultEmail={actionData?.email}
      passwordResetKey={actionData?.at ?? 0}
      errorMessage={actionData?.error.description}
      redirectTo={params.get("redirectTo") ?? ""}
    />
  );
}
