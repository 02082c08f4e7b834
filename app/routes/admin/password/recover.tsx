import { useActionData, useNavigation } from "react-router";
import type { DomainError } from "~/.server/errors";
import { dispatchIntent, intentsWith, readForm } from "~/.server/http/intents";
import { requestPasswordReset } from "~/.server/staff/staff-links";
import { useReplyMessage } from "~/lib/forms";
import { pageTitle } from "~/lib/meta";
import { forgotPasswordSchema, PASSWORD_LINK_INTENT, RESET_REQUESTED } from "~/lib/password-links";
import { errorToast, type ToastMessage } from "~/lib/toast";
import type { Route } from "./+types/recover";
import { ForgotPasswordForm, ResetRequested } from "./forgot-password-form";
import { PasswordErrorBoundary, PasswordFrame, waitWords } from "./password-frame";

/**
 * /admin/recuperar, '¿Olvidaste tu contraseña?' (issue 40): the account's e-mail in, a reset link
 * out by mail (staff/staff-links.ts requestPasswordReset). The answer is the same whether or not
 * the address has an account; asking is limited per client network and per e-mail. Works without
 * scripts: a plain form post, and the answer is the page itself.
 */

const intent = intentsWith<ToastMessage>();

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Restablecer contraseña") },
  { name: "robots", content: "noindex" },
];

/** A refused request also says when to ask again (Retry-After), not only in words. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export function ErrorBoundary() {
  return <PasswordErrorBoundary />;
}

function refusal(error: DomainError | null): ToastMessage {
  if (error?.kind === "rate_limited") {
    return errorToast(
      `Pediste varios enlaces seguidos. Espera ${waitWords(error.retryAfterSeconds ?? 60)} antes de pedir otro.`,
      "Demasiados intentos",
    );
  }
  return errorToast("No se pudo enviar el enlace. Inténtalo de nuevo en unos minutos.");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { db, logger, mail } = context.services;
  form.set("intent", PASSWORD_LINK_INTENT.request);
  return dispatchIntent(
    form,
    {
      [PASSWORD_LINK_INTENT.request]: intent({
        schema: forgotPasswordSchema,
        run: async ({ email }) => {
          await requestPasswordReset(db, { email, ip: context.clientIp });
          // Looks now rather than at the next poll; nothing to send is as cheap to look at.
          mail.kick();
        },
        done: () => ({ title: "Revisa tu correo", description: RESET_REQUESTED }),
        failed: refusal,
      }),
    },
    { logger, unknownIntent: errorToast("Acción desconocida.") },
  );
}

export default function RecoverPasswordPage() {
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  useReplyMessage(reply);
  if (reply?.ok) {
    return (
      <PasswordFrame title="Revisa tu correo">
        <ResetRequested />
      </PasswordFrame>
    );
  }
  return (
    <PasswordFrame
      title="¿Olvidaste tu contraseña?"
      description="Escribe el correo de tu cuenta del panel y te enviaremos un enlace para elegir una nueva."
    >
      <ForgotPasswordForm
        busy={navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST"}
        lastResult={reply?.result}
        errorMessage={reply?.message?.description}
      />
    </PasswordFrame>
  );
}
