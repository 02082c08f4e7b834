import { data, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { restoreStatusOnSignIn } from "~/.server/chat/sign-in";
import type { DomainError } from "~/.server/errors";
import { flashSetCookie, sessionSetCookie } from "~/.server/http/cookies";
import { dispatchIntent, intentsWith, readForm } from "~/.server/http/intents";
import { describePasswordLink, usePasswordLink } from "~/.server/staff/staff-links";
import { useReplyMessage } from "~/lib/forms";
import { pageTitle } from "~/lib/meta";
import {
  PASSWORD_LINK_INTENT,
  PASSWORD_LINK_PROBLEMS,
  type PasswordLinkProblem,
  setPasswordSchema,
} from "~/lib/password-links";
import { errorToast, type ToastMessage } from "~/lib/toast";
import type { Route } from "./+types/link";
import { PasswordErrorBoundary, PasswordFrame } from "./password-frame";
import { LinkProblem, SetPasswordForm } from "./set-password-form";

/**
 * /admin/clave/:token (issue 40): where an invitation or a reset link lands. The person chooses a
 * password (the staff rule, app/lib/passwords.ts), is signed in and goes to the panel; a link that
 * no longer works says why and offers a new one. Works without scripts: a plain form post.
 */

const intent = intentsWith<ToastMessage>();

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Elegir contraseña") },
  { name: "robots", content: "noindex" },
];

/** The link's token is in the address: no other page, ours included, ever gets it as a referrer. */
export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": "no-referrer" });

export function ErrorBoundary() {
  return <PasswordErrorBoundary />;
}

export type LinkView = { name: string; email: string; invitation: boolean };

export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await describePasswordLink(context.services.db, params.token, new Date());
  if (link.status !== "usable") {
    const problem: PasswordLinkProblem = link.status;
    return data({ link: null, problem }, { status: problem === "unknown" ? 404 : 410 });
  }
  const view: LinkView = {
    name: link.user.name,
    email: link.user.email,
    invitation: link.purpose === "invitation",
  };
  return data({ link: view, problem: null });
}

/** Why a post was refused, in Spanish: a link that stopped working meanwhile, or a failure. */
function refusal(error: DomainError | null): ToastMessage {
  const problem: PasswordLinkProblem | null =
    error?.kind === "not_found"
      ? "unknown"
      : error?.reason === "password-link-used"
        ? "used"
        : error?.reason === "password-link-expired"
          ? "expired"
          : null;
  if (problem)
    return errorToast(PASSWORD_LINK_PROBLEMS[problem].description, PASSWORD_LINK_PROBLEMS[problem].title);
  return errorToast("No se pudo guardar la contraseña. Inténtalo de nuevo en unos minutos.");
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { db, bus, config, logger } = context.services;
  // One form, one intent: added here so the form needs no hidden field.
  form.set("intent", PASSWORD_LINK_INTENT.set);
  return dispatchIntent(
    form,
    {
      [PASSWORD_LINK_INTENT.set]: intent({
        schema: setPasswordSchema,
        hideFields: ["newPassword", "confirmPassword"],
        run: ({ newPassword }) =>
          usePasswordLink({ db, bus }, params.token, newPassword, {
            ip: context.clientIp,
            userAgent: request.headers.get("User-Agent") ?? undefined,
            session: { ttlHours: config.SESSION_TTL_HOURS, maxDays: config.SESSION_MAX_DAYS },
          }),
        done: () => null,
        // Signed in, as after the sign-in form: the panel (an operador is sent on to the inbox).
        respond: async ({ session, user }) => {
          const headers = new Headers();
          if (session) {
            // A sign-in: the chat status comes back as after the sign-in form (issue 41).
            await restoreStatusOnSignIn(context.services, user);
            const secure = new URL(request.url).protocol === "https:";
            headers.append("Set-Cookie", await sessionSetCookie(session.token, { ...session, secure }));
          }
          headers.append("Set-Cookie", await flashSetCookie("password-set"));
          return redirect("/admin", { headers });
        },
        failed: refusal,
      }),
    },
    { logger, unknownIntent: errorToast("Acción desconocida.") },
  );
}

export default function PasswordLinkPage() {
  const { link, problem } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  useReplyMessage(reply);
  if (!link) {
    const words = PASSWORD_LINK_PROBLEMS[problem ?? "unknown"];
    return (
      <PasswordFrame title={words.title} description={words.description}>
        <LinkProblem />
      </PasswordFrame>
    );
  }
  return (
    <PasswordFrame
      title={link.invitation ? "Elige tu contraseña" : "Elige una contraseña nueva"}
      description={
        link.invitation
          ? `Hola ${link.name}: con ella y tu correo, ${link.email}, entrarás al panel.`
          : `Para la cuenta de ${link.name} (${link.email}). Al guardarla se cierran tus otras sesiones.`
      }
    >
      <SetPasswordForm
        email={link.email}
        busy={navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST"}
        lastResult={reply?.result}
        errorMessage={reply?.message?.description}
      />
    </PasswordFrame>
  );
}
